import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSettings } from "../../src/admin/environment.js";
import { runAdmin } from "../../src/admin/run-admin.js";
import {
  CATALOG_SEED_KEY,
  planCatalogSeed,
  snapshotDigest,
} from "../../src/registry/import/seed-catalogs.js";
import { openDatabase } from "../../src/db/open-database.js";
import { startServer } from "../../src/server/start-server.js";
import { SAMPLES_PUBLISHER } from "../../src/registry/seed.js";
import { adminContext } from "../helpers/admin.js";
import { testDatabaseFromEnv } from "../helpers/postgres.js";
import { sampleNames } from "../helpers/registry.js";

// Issue 14: `npm start` (SEED unset) opens a marketplace with the real catalogs of catalogs/ as well as the
// samples, imported in the background once the server is ready, resumed after an interruption, and never
// imported twice; SEED=samples seeds only the samples, SEED=0 nothing.

const OFFICIAL_ENTRIES = 358;
const DOCKER_ENTRIES = 328;
const CLAUDE_LOCAL = 28; // the marketplace's local plugins with an MCP server or a skill

interface Registry {
  dir: string;
  databaseUrl: string;
  drop(): Promise<void>;
}

async function newRegistry(): Promise<Registry> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-seed-")));
  const pg = await testDatabaseFromEnv();
  return {
    dir,
    databaseUrl: pg?.url ?? path.join(dir, "registry.db"),
    drop: async () => {
      await pg?.drop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

function start(reg: Registry, env: Record<string, string | undefined>, log: string[] = []) {
  return startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: reg.databaseUrl,
    storageDir: path.join(reg.dir, "blobs"),
    ...seedSettings(env),
    log: (m) => log.push(m),
  });
}

type Running = Awaited<ReturnType<typeof start>>;
const names = async (server: Running) =>
  (await server.repo.search({ terms: [], sort: "name", limit: 5000 })).map((c) => c.name);

describe("the default seed: samples, then the real catalogs in the background", () => {
  const reg = { current: undefined as Registry | undefined };
  const log: string[] = [];
  const imported: Record<string, number> = {}; // entries imported (a new connector or a new version)
  let newConnectors = 0;
  let finalNames: string[] = [];

  beforeAll(async () => {
    const r = await newRegistry();
    reg.current = r;
    // First start: ready with the samples while the catalogs import; stopped after the first steps.
    const first = await start(r, {}, log);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(await names(first)).toEqual(expect.arrayContaining(await sampleNames()));
    expect(first.catalogSeed).toBeDefined();
    const position = async () =>
      (JSON.parse((await first.repo.getMeta(CATALOG_SEED_KEY)) ?? "{}") as { entry?: number }).entry ?? 0;
    for (let i = 0; (await position()) === 0; i++) {
      if (i > 600) throw new Error("the catalog seed made no step in 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await first.close();
    const stopped = await first.catalogSeed;
    expect(stopped?.finished).toBe(false);
    const add = (counts: Record<string, { imported: number; updated: number }> = {}) => {
      for (const [folder, c] of Object.entries(counts)) {
        imported[folder] = (imported[folder] ?? 0) + c.imported + c.updated;
        newConnectors += c.imported;
      }
    };
    add(stopped?.counts);
    // Second start: resumes where the first stopped and finishes.
    const second = await start(r, {}, log);
    const resumed = await second.catalogSeed;
    expect(resumed?.finished).toBe(true);
    add(resumed?.counts);
    finalNames = await names(second);
    await second.close();
  }, 300_000);
  afterAll(() => reg.current?.drop());

  it("imports at least 95% of the official seed and of the Docker catalog, and every local Claude plugin", async () => {
    expect(imported["official-registry"]).toBeGreaterThanOrEqual(Math.ceil(OFFICIAL_ENTRIES * 0.95));
    expect(imported["docker-mcp-registry"]).toBeGreaterThanOrEqual(Math.ceil(DOCKER_ENTRIES * 0.95));
    expect(imported["claude-plugins-official"]).toBe(CLAUDE_LOCAL);
    // Nothing twice, nothing lost across the interruption: every new import is one connector.
    expect(finalNames.length).toBe(newConnectors + (await sampleNames()).length);
    expect(log.join("\n")).toMatch(/seed: resuming /);
    expect(log.join("\n")).toMatch(/seed: the catalogs are in: \d+ connectors imported/);
  });

  it("a restart imports nothing again, and the web search finds an imported connector", async () => {
    const again: string[] = [];
    const third = await start(reg.current!, {}, again);
    try {
      expect(third.catalogSeed).toBeUndefined();
      expect(await names(third)).toEqual(finalNames);
      expect(again.join("\n")).not.toMatch(/seed:/);
      const page = await fetch(`${third.url}/search?q=airtable`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/href="\/c\/[^"]*airtable[^"]*"/);
      const api = (await (await fetch(`${third.url}/v1/connectors?q=terraform`)).json()) as {
        items: { name: string }[];
      };
      expect(api.items.map((i) => i.name)).toContain("terraform");
    } finally {
      await third.close();
    }
  });
});

describe("SEED=samples and SEED=0", () => {
  it("SEED=samples seeds only the samples, and a later default start leaves that registry alone", async () => {
    const reg = await newRegistry();
    try {
      const server = await start(reg, { SEED: "samples" });
      expect(server.catalogSeed).toBeUndefined();
      const listed = await server.repo.search({ terms: [], sort: "name", limit: 100 });
      expect(listed.map((c) => c.name).sort()).toEqual((await sampleNames()).sort());
      expect(listed.every((c) => c.publisher === SAMPLES_PUBLISHER)).toBe(true);
      await server.close();
      // Not a first start and no catalog seed begun: an existing registry is not filled unasked.
      const later = await start(reg, {});
      expect(later.catalogSeed).toBeUndefined();
      expect(await names(later)).toHaveLength(listed.length);
      await later.close();
    } finally {
      await reg.drop();
    }
  });

  it("SEED=0 seeds nothing", async () => {
    const reg = await newRegistry();
    try {
      const server = await start(reg, { SEED: "0" });
      expect(server.catalogSeed).toBeUndefined();
      expect(await names(server)).toEqual([]);
      expect(await server.repo.getMeta(CATALOG_SEED_KEY)).toBeUndefined();
      await server.close();
    } finally {
      await reg.drop();
    }
  });

  it("an unknown SEED is a usage error naming the variable and its values, before anything starts", async () => {
    for (const value of ["2", "yes", "catalogs", "SAMPLES", " 1", "x".repeat(10_000)]) {
      expect(() => seedSettings({ SEED: value })).toThrow(/SEED must be 1, samples or 0/);
    }
    const reg = await newRegistry();
    try {
      const { ctx, out } = adminContext({
        PORT: "0",
        DATABASE_URL: reg.databaseUrl,
        STORAGE_DIR: path.join(reg.dir, "blobs"),
        SEED: "everything",
      });
      expect(await runAdmin(["serve"], ctx)).toBe(2);
      expect(out.stderr).toMatch(/SEED must be 1, samples or 0, got "everything"/);
      expect(out.stdout).not.toMatch(/listening/);
    } finally {
      await reg.drop();
    }
  });
});

describe("the catalog seed's record (meta seed.catalogs)", () => {
  it("plans a first start, resumes a begun seed, skips a finished one, redoes it for a new snapshot, and restarts on a damaged record", async () => {
    const reg = await newRegistry();
    const snapshot = path.join(reg.dir, "catalogs");
    await fs.mkdir(path.join(snapshot, "official-registry"), { recursive: true });
    await fs.writeFile(path.join(snapshot, "official-registry", "a.json"), "[]");
    const repo = await openDatabase(reg.databaseUrl);
    const set = (value: string) => repo.transaction((tx) => tx.setMeta(CATALOG_SEED_KEY, value));
    try {
      const digest = snapshotDigest(snapshot);
      expect(await planCatalogSeed({ repo, dir: snapshot })).toEqual({
        digest,
        from: { digest, catalog: 0, entry: 0, done: false },
      });
      await set(JSON.stringify({ digest, catalog: 1, entry: 50, done: false }));
      expect((await planCatalogSeed({ repo, dir: snapshot }))?.from).toMatchObject({ catalog: 1, entry: 50 });
      await set(JSON.stringify({ digest, catalog: 3, entry: 0, done: true }));
      expect(await planCatalogSeed({ repo, dir: snapshot })).toBeUndefined();
      // Another snapshot (one byte changed): imported again from the start.
      await fs.writeFile(path.join(snapshot, "official-registry", "a.json"), "[ ]");
      expect(snapshotDigest(snapshot)).not.toBe(digest);
      expect((await planCatalogSeed({ repo, dir: snapshot }))?.from).toMatchObject({ catalog: 0, entry: 0 });
      for (const damaged of [
        "{",
        "null",
        "[]",
        '{"digest":1}',
        JSON.stringify({ digest, catalog: -1, entry: 0 }),
      ]) {
        await set(damaged);
        expect((await planCatalogSeed({ repo, dir: snapshot }))?.from, damaged).toMatchObject({
          catalog: 0,
          entry: 0,
          done: false,
        });
        expect(JSON.parse((await repo.getMeta(CATALOG_SEED_KEY))!)).toMatchObject({ catalog: 0, entry: 0 });
      }
    } finally {
      await repo.close();
      await reg.drop();
    }
  });
});
