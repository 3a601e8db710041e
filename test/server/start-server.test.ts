import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { startServer } from "../../src/server/start-server.js";
import { tempDir } from "../helpers/tmp.js";
import { sampleNames, startTestServer } from "../helpers/registry.js";

it("startServer listens on port 0, derives the public URL, seeds once, and closes cleanly", async () => {
  const server = await startTestServer({ seed: true });
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.publicUrl).toBe(server.url);
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    const list = (await (await fetch(`${server.url}/v1/connectors?sort=name&limit=100`)).json()) as {
      items: Array<{ name: string }>;
    };
    expect(list.items).toHaveLength((await sampleNames()).length);
    const doc = (await (await fetch(`${server.url}/v1/connectors/${list.items[0]!.name}`)).json()) as {
      versions: Record<string, { dist: { tarball: string } }>;
    };
    const tarball = Object.values(doc.versions)[0]!.dist.tarball;
    expect(tarball.startsWith(`${server.url}/v1/connectors/`)).toBe(true);
    expect((await fetch(tarball)).status).toBe(200);
    // The internal seeding token was revoked: only the test's own tokens can publish.
    expect((await server.repo.listTokens()).every((t) => t.revokedAt !== null)).toBe(true);
  } finally {
    await server.close();
  }
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
});

it("answers 503 `starting` (healthz included) until the migrations and the seed have finished", async () => {
  const dir = await tempDir();
  const seen: Array<{ status: number; code?: string; retryAfter: string | null }> = [];
  const probe = async (url: string) => {
    const res = await fetch(`${url}/healthz`);
    const body = (await res.json()) as { code?: string };
    seen.push({ status: res.status, code: body.code, retryAfter: res.headers.get("retry-after") });
  };
  let url = "";
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: path.join(dir, "registry.db"),
    storageDir: path.join(dir, "blobs"),
    seed: true,
    log: () => undefined,
    onListening: async (listening) => {
      url = listening;
      await probe(listening); // bound, nothing migrated yet
      expect(fs.existsSync(path.join(dir, "registry.db"))).toBe(false);
    },
  });
  try {
    await probe(url);
    expect(seen).toEqual([
      { status: 503, code: "starting", retryAfter: "1" },
      { status: 200, code: undefined, retryAfter: null },
    ]);
    // Ready means seeded: the first 200 already lists every sample.
    const list = (await (await fetch(`${url}/v1/connectors?limit=100`)).json()) as { items: unknown[] };
    expect(list.items).toHaveLength((await sampleNames()).length);
  } finally {
    await server.close();
  }
});

it("a start that fails after listening (a database it cannot open) frees the port and says why", async () => {
  const dir = await tempDir();
  fs.writeFileSync(path.join(dir, "not-a-db"), "this is not SQLite");
  let url = "";
  await expect(
    startServer({
      port: 0,
      host: "127.0.0.1",
      databaseUrl: path.join(dir, "not-a-db"),
      storageDir: path.join(dir, "blobs"),
      seed: false,
      log: () => undefined,
      onListening: (listening) => void (url = listening),
    }),
  ).rejects.toThrow();
  expect(url).toMatch(/^http:/);
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
});
