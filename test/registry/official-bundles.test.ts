import fs from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import type { ServerResponse } from "../../src/core/official/types.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { createTestRegistry, packDir, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// MCP Bundles are built at publish; a version published before bundles existed gets its bundle on the
// first request that needs it, with the same bytes (the build is deterministic).

let reg: TestRegistry;
let dbFile: string;
const KEY = "mcpb/weather@1.0.0/weather";
const entryPath = "/v0.1/servers/dev.connectory%2Fweather/versions/1.0.0";
const meta = (file: string) => {
  const db = new Database(file);
  try {
    return db.prepare("SELECT value FROM meta WHERE key = ?").get(KEY) as { value: string } | undefined;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  dbFile = path.join(await tempDir(), "r.db"); // SQLite even under TEST_DATABASE=postgres: rows are edited below
  reg = await createTestRegistry({ databaseUrl: dbFile });
});
afterAll(() => reg.close());

it("publish builds the bundle; a registry that lost it rebuilds the same bytes on the first request", async () => {
  const files = await packDir("weather");
  expect((await reg.publish(files, await reg.token("connectory-samples"), "weather")).status).toBe(201);
  const built = meta(dbFile);
  expect(built).toBeDefined();
  const { sha256, size } = JSON.parse(built!.value) as { sha256: string; size: number };
  const blob = path.join(reg.blobDir, "sha256", sha256.slice(0, 2), sha256);
  expect((await fs.stat(blob)).size).toBe(size);

  // As if published before bundles existed: no record, no blob. A fresh app (no in-memory memo) serves it.
  const db = new Database(dbFile);
  db.prepare("DELETE FROM meta WHERE key LIKE 'mcpb/%'").run();
  db.close();
  await fs.rm(blob, { force: true });
  const app = createApp({
    db: reg.repo,
    blobs: new FsBlobStore(reg.blobDir),
    publicUrl: reg.publicUrl,
    log: (e) => reg.errors.push(e),
  });
  const entry = (await (await app.request(`${reg.publicUrl}${entryPath}`)).json()) as ServerResponse;
  expect(entry.server.packages?.[0]).toMatchObject({ registryType: "mcpb", fileSha256: sha256 });
  expect(JSON.parse(meta(dbFile)!.value)).toEqual({ sha256, size });
  const download = await app.request(entry.server.packages![0]!.identifier);
  expect(download.status).toBe(200);
  expect((await download.arrayBuffer()).byteLength).toBe(size);
  expect(reg.errors).toEqual([]);
});
