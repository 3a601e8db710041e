import { execFile, spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// `npm start` runs `npm run build && exec node dist/src/main.js`. Without the `exec`, npm's signal
// reaches only the shell between npm and node, and the server keeps serving after npm has exited. The
// test runs the root's exact start script through npm, in a folder whose `build` is a no-op and whose
// dist/ is this checkout's build (rebuilding here would race the other tests reading dist/).

const execFileAsync = promisify(execFile);

const { scripts } = JSON.parse(await fs.readFile(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

it("the start script builds first, then replaces its shell with the server", () => {
  expect(scripts.start).toMatch(/^npm run build && exec node dist\/src\/main\.js$/);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  it(`${signal} to the npm process of \`npm start\` stops the server and frees its port`, async () => {
    const dir = await tempDir();
    await fs.writeFile(
      path.join(dir, "package.json"),
      JSON.stringify({
        name: "start-probe",
        version: "1.0.0",
        scripts: { build: "true", start: scripts.start },
      }),
    );
    await fs.symlink(path.join(ROOT, "dist"), path.join(dir, "dist"));
    const npm = spawn("npm", ["start"], {
      cwd: dir,
      env: {
        ...process.env,
        PORT: "0",
        DATABASE_URL: path.join(dir, "registry.db"),
        STORAGE_DIR: path.join(dir, "blobs"),
        SEED: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => npm.on("exit", (code) => resolve(code)));
    let output = "";
    npm.stderr.on("data", (d) => (output += d));
    const url = await new Promise<string>((resolve, reject) => {
      npm.stdout.on("data", (d) => {
        output += d;
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`npm start exited ${code}: ${output}`)));
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    npm.kill(signal);
    await exited;
    // The server shut down gracefully (it logs so) and nothing listens any more.
    await expect.poll(() => output, { timeout: 10_000 }).toContain(`${signal}: shutting down`);
    await expect
      .poll(
        () =>
          fetch(`${url}/healthz`).then(
            () => "serving",
            () => "closed",
          ),
        { timeout: 10_000 },
      )
      .toBe("closed");
  }, 60_000);
}

it("`npm run --silent registry -- token create` and `npx connectory-registry` print the token alone on stdout", async () => {
  const dir = await tempDir();
  const env = { ...process.env, DATABASE_URL: path.join(dir, "registry.db") };
  const viaScript = await execFileAsync(
    "npm",
    ["run", "--silent", "registry", "--", "token", "create", "--publisher", "acme"],
    { cwd: ROOT, env },
  );
  expect(viaScript.stdout).toMatch(/^cty_[A-Za-z0-9_-]{43}\n$/);
  expect(viaScript.stderr).toMatch(/shown only this once/);
  const viaNpx = await execFileAsync(
    "npx",
    ["--no-install", "connectory-registry", "token", "list", "--json"],
    { cwd: ROOT, env },
  );
  expect((JSON.parse(viaNpx.stdout) as { tokens: Array<{ publisher: string }> }).tokens).toMatchObject([
    { publisher: "acme" },
  ]);
}, 60_000);
