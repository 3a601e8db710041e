import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT, spawnCli } from "../helpers/cli.js";
import { makePackage } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// The built registry (`node dist/src/main.js`, as `npm start` runs it) on port 0, driven by the built CLI.

let child: ChildProcess;
let url: string;
let dataDir: string;
let exited: Promise<number | null>;

beforeAll(async () => {
  dataDir = await fs.realpath(
    await fs.mkdtemp(path.join((await import("node:os")).tmpdir(), "connectory-e2e-")),
  );
  child = spawn(process.execPath, [path.join(ROOT, "dist/src/main.js")], {
    cwd: dataDir,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: "./data/registry.db",
      STORAGE_DIR: "./data/blobs",
      SEED: "samples", // the real catalogs are test/registry/seed-catalogs.test.ts's
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on("exit", (code) => reject(new Error(`registry exited ${code}: ${stderr}`)));
  });
});

afterAll(async () => {
  if (child.exitCode === null) child.kill("SIGKILL");
  await fs.rm(dataDir, { recursive: true, force: true });
});

it("npm start seeded the samples through the publish path", async () => {
  const body = (await (await fetch(`${url}/v1/connectors?sort=name&limit=100`)).json()) as {
    items: Array<{ name: string; publisher: string }>;
  };
  const samples = (await fs.readdir(path.join(ROOT, "plugins-sample"), { withFileTypes: true })).filter((e) =>
    e.isDirectory(),
  );
  expect(body.items.length).toBe(samples.length);
  expect(new Set(body.items.map((i) => i.publisher))).toEqual(new Set(["connectory-samples"]));
});

it("login → publish → search → download with the real CLI and server", async () => {
  const created = await new Promise<string>((resolve, reject) => {
    const admin = spawn(
      process.execPath,
      [path.join(ROOT, "dist/src/admin/index.js"), "token", "create", "--publisher", "acme", "--json"],
      {
        cwd: dataDir,
        env: { ...process.env, DATABASE_URL: "./data/registry.db" },
      },
    );
    let out = "";
    admin.stdout.on("data", (d) => (out += d));
    admin.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`admin exited ${code}`))));
  });
  const { token } = JSON.parse(created) as { token: string };
  const home = await tempDir();
  const env = { CONNECTORY_REGISTRY: url };

  const login = await spawnCli(["login", "default", "--token", token], { home, env });
  expect(login.code, login.stderr).toBe(0);
  expect(login.stdout + login.stderr).not.toContain(token);

  const pkg = path.join(home, "e2e-pkg");
  for (const [file, bytes] of makePackage({
    name: "e2e-thing",
    version: "1.0.0",
    description: "An end-to-end zebra connector",
  })) {
    await fs.mkdir(path.dirname(path.join(pkg, file)), { recursive: true });
    await fs.writeFile(path.join(pkg, file), bytes);
  }
  const publish = await spawnCli(["publish", pkg, "--json"], { home, env });
  expect(publish.code, publish.stderr).toBe(0);
  const published = JSON.parse(publish.stdout) as { url: string; integrity: string; sha256: string };
  expect(published.url).toBe(`${url}/v1/connectors/e2e-thing/1.0.0`);

  const search = await spawnCli(["search", "zebra", "--json"], { home, env });
  expect(search.code, search.stderr).toBe(0);
  expect(search.stdout).toContain("e2e-thing");

  const doc = (await (await fetch(`${url}/v1/connectors/e2e-thing`)).json()) as {
    versions: Record<string, { dist: { tarball: string } }>;
  };
  const tarball = Buffer.from(await (await fetch(doc.versions["1.0.0"]!.dist.tarball)).arrayBuffer());
  expect(`sha512-${createHash("sha512").update(tarball).digest("base64")}`).toBe(published.integrity);
  const after = (await (await fetch(`${url}/v1/connectors/e2e-thing`)).json()) as { downloads: number };
  expect(after.downloads).toBe(1);
});

it("SIGTERM shuts down gracefully (exit 0)", async () => {
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
});
