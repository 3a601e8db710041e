import { spawn } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { runAdminCaptured } from "../helpers/admin.js";
import { ROOT } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

// `npm start`'s process (dist/src/main.js, SEED unset) SIGKILLed while it imports the real catalogs in the
// background: the next start resumes the seed and finishes it, and then every catalog entry is in (a
// re-import of each catalog finds nothing to import or update).

function serve(env: Record<string, string>, killAt?: RegExp) {
  const child = spawn(process.execPath, [path.join(ROOT, "dist/src/main.js")], {
    env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", CHECK_INTERVAL: "0", CHECK_BUNDLED: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  const done = /seed: the catalogs are in/;
  const exited = new Promise<{ signal: NodeJS.Signals | null; stderr: string; stdout: string }>((resolve) =>
    child.on("exit", (_code, signal) => resolve({ signal, stderr, stdout })),
  );
  const watch = () => {
    if (killAt?.test(stdout + stderr)) child.kill("SIGKILL");
    else if (done.test(stderr)) child.kill("SIGTERM");
  };
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    watch();
  });
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
    watch();
  });
  return exited;
}

it("a seed SIGKILLed mid-catalog resumes at the next start and ends with every entry in", async () => {
  const dir = await tempDir();
  const env = { DATABASE_URL: path.join(dir, "registry.db"), STORAGE_DIR: path.join(dir, "blobs") };
  const killed = await serve(env, /seed: the Docker MCP catalog: 100\/\d+ entries/);
  expect(killed.signal).toBe("SIGKILL");
  expect(killed.stdout).toMatch(/listening on http/);
  expect(killed.stderr).not.toMatch(/the catalogs are in/);

  const resumed = await serve(env);
  expect(resumed.stderr).toMatch(/seed: resuming the Docker MCP catalog at entry \d+ of \d+/);
  expect(resumed.stderr).toMatch(/seed: the catalogs are in: \d+ connectors imported/);
  // The official seed was finished by the first process: not redone.
  expect(resumed.stderr).not.toMatch(/the official MCP Registry seed: \d+\/\d+ entries/);

  for (const source of [
    "catalogs/official-registry/official-registry-seed.server.json",
    "catalogs/docker-mcp-registry",
    "catalogs/claude-plugins-official",
  ]) {
    const again = await runAdminCaptured(["import", path.join(ROOT, source), "--json"], {
      databaseUrl: env.DATABASE_URL,
      env: { STORAGE_DIR: env.STORAGE_DIR },
    });
    expect(again.code, again.stderr).toBe(0);
    const { counts } = JSON.parse(again.stdout) as { counts: Record<string, number> };
    expect(counts, source).toMatchObject({ imported: 0, updated: 0 });
    expect(counts.unchanged, source).toBeGreaterThan(0);
  }

  // Started, a seed says so before the process is ready; this one has nothing to do.
  const restart = await serve(env, /listening on/);
  expect(restart.stdout).toMatch(/listening on/);
  expect(restart.stderr).not.toMatch(/seed:/);
}, 240_000);
