import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import { createToken } from "../../src/registry/tokens.js";
import { ROOT } from "../helpers/cli.js";
import { createTestDatabase, postgresAvailable } from "../helpers/postgres.js";
import { packPackage, sampleNames } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// Issue 28: a new cluster seeds once (the `seed` lease), and a process asked to stop drains: its health
// checks say 503 first, it finishes the publish in flight, then exits 0. Real processes (dist/src/main.js).

interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startRegistry(env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, [path.join(ROOT, "dist/src/main.js")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", CHECK_INTERVAL: "0", CHECK_BUNDLED: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve({ url: match[1], child, output: () => out, exited });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => reject(new Error(`registry exited with ${code} before listening:\n${out}`)));
  });
}

describe.skipIf(!(await postgresAvailable()))("three processes starting on one new database", () => {
  it("seed the samples once between them; the others serve at once; nobody logs version.exists", async () => {
    const db = await createTestDatabase();
    const dir = await tempDir();
    const env = { DATABASE_URL: db.url, STORAGE_DIR: path.join(dir, "blobs"), SEED: "samples" };
    const procs = await Promise.all([startRegistry(env), startRegistry(env), startRegistry(env)]);
    try {
      const samples = await sampleNames();
      for (const proc of procs) {
        await expect
          .poll(
            async () =>
              ((await (await fetch(`${proc.url}/v1/connectors?limit=100`)).json()) as { items: unknown[] })
                .items.length,
            {
              timeout: 60_000,
            },
          )
          .toBe(samples.length);
        expect((await fetch(`${proc.url}/readyz`)).status).toBe(200);
      }
      const logs = procs.map((p) => p.output());
      expect(logs.filter((l) => /seeded \d+ sample connectors/.test(l))).toHaveLength(1);
      expect(logs.filter((l) => /another registry process holds the seed/.test(l))).toHaveLength(2);
      for (const log of logs) {
        expect(log).not.toMatch(/version\.exists|was not published|unexpected error/);
      }
    } finally {
      for (const proc of procs) proc.child.kill("SIGTERM");
      await Promise.all(procs.map((p) => p.exited));
      await db.drop();
    }
  }, 180_000);
});

it("SIGTERM drains: health checks say 503 at once, other requests are served, the publish in flight lands", async () => {
  const dir = await tempDir();
  const env = {
    DATABASE_URL: path.join(dir, "registry.db"),
    STORAGE_DIR: path.join(dir, "blobs"),
    SEED: "0",
    DRAIN_SECONDS: "3",
  };
  const repo = await openDatabase(env.DATABASE_URL);
  const { token } = await createToken(repo, { publisher: "acme", now: new Date() });
  await repo.close();
  const proc = await startRegistry(env);
  const bytes = Buffer.from(await packPackage({ name: "inflight", version: "1.0.0" }));

  // A publish whose body arrives slowly: half now, the rest after the signal.
  const url = new URL(`${proc.url}/v1/connectors/inflight`);
  const publish = new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "PUT",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/gzip",
          "content-length": bytes.length,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    setTimeout(() => req.end(bytes.subarray(Math.floor(bytes.length / 2))), 1500);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  proc.child.kill("SIGTERM");
  await expect.poll(async () => (await fetch(`${proc.url}/readyz`)).status, { timeout: 2_000 }).toBe(503);
  const ready = await fetch(`${proc.url}/healthz`);
  expect(ready.status).toBe(503);
  expect(ready.headers.get("retry-after")).toBe("1");
  expect(((await ready.json()) as { code: string }).code).toBe("draining");
  expect((await fetch(`${proc.url}/v1/connectors`)).status).toBe(200); // still serving while it drains
  expect(await publish).toBe(201);
  expect(await proc.exited).toBe(0);
  expect(proc.output()).toMatch(/SIGTERM: shutting down after draining for 3 s/);

  const again = await startRegistry(env);
  try {
    expect((await fetch(`${again.url}/v1/connectors/inflight/1.0.0`)).status).toBe(200);
  } finally {
    again.child.kill("SIGTERM");
    await again.exited;
  }
}, 120_000);
