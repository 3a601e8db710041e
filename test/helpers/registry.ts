import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createApp } from "../../src/server/app.js";
import { openDatabase } from "../../src/db/open-database.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import type { PackageFiles } from "../../src/core/types.js";
import { packFiles } from "../../src/package/pack.js";
import { readPackageContents } from "../../src/package/read-dir.js";
import type { ProofChecks } from "../../src/registry/publishers/proof-checks.js";
import { createToken } from "../../src/registry/tokens.js";
import { startServer, type RunningServer } from "../../src/server/start-server.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { ROOT } from "./cli.js";
import { COORDINATION_TABLES, runPostgres, snapshotPostgres, testDatabaseFromEnv } from "./postgres.js";
import { listFiles } from "./tmp.js";

/** Where the real samples live. */
export const SAMPLES_DIR = path.join(ROOT, "plugins-sample");
export const TEST_PUBLIC_URL = "http://registry.test";

/** A registry on a fresh temp SQLite file (built from the real migrations) and a temp blob folder. */
export interface TestRegistry {
  app: ReturnType<typeof createApp>;
  repo: RegistryRepository;
  dir: string;
  dbFile: string;
  blobDir: string;
  publicUrl: string;
  /** Unexpected errors (bugs) the app logged: tests assert it stays empty. */
  errors: unknown[];
  /** A new token for `publisher` (created if new). */
  token(publisher?: string): Promise<string>;
  /** `app.request` with a path (or URL) relative to the registry. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  /** PUT a tarball as `token`. */
  publish(bytes: Uint8Array, token: string, name?: string): Promise<Response>;
  /** Every table row and blob file, to compare before and after a request that must change nothing. */
  snapshot(): Promise<string>;
  /** Runs one SQL statement on the registry's database, SQLite or PostgreSQL (to stage old rows). */
  sql(statement: string): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

export interface TestRegistryOptions {
  publicUrl?: string;
  now?: () => Date;
  /** Defaults to a temp SQLite file; issue 8 passes a PostgreSQL URL here. */
  databaseUrl?: string;
  /** How domain proofs are looked for (a local HTTP server, a TXT double); default the real ones. */
  proofs?: ProofChecks;
  /** The CI issuers trusted for trusted publishing (a local test issuer). */
  oidcIssuers?: string[];
}

/**
 * The env @hono/node-server gives a request from `address` (its `incoming` socket): pass it as the third
 * argument of `app.request` to act as that client (download counts, the failed-authentication limit).
 */
export function clientEnv(address: string): { incoming: { socket: { remoteAddress: string } } } {
  return { incoming: { socket: { remoteAddress: address } } };
}

/** Creates an in-process registry (use in beforeAll; close in afterAll). */
export async function createTestRegistry(options: TestRegistryOptions = {}): Promise<TestRegistry> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-registry-")));
  const dbFile = path.join(dir, "registry.db");
  const blobDir = path.join(dir, "blobs");
  const pg = options.databaseUrl ? undefined : await testDatabaseFromEnv(); // TEST_DATABASE=postgres (issue 8)
  const repo = await openDatabase(options.databaseUrl ?? pg?.url ?? dbFile);
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  const errors: unknown[] = [];
  const app = createApp({
    db: repo,
    blobs: new FsBlobStore(blobDir),
    publicUrl,
    ...(options.now ? { now: options.now } : {}),
    ...(options.proofs ? { proofs: options.proofs } : {}),
    ...(options.oidcIssuers ? { oidcIssuers: options.oidcIssuers } : {}),
    log: (e) => errors.push(e),
  });
  const request = async (pathname: string, init?: RequestInit) =>
    app.request(pathname.startsWith("http") ? pathname : `${publicUrl}${pathname}`, init);
  return {
    app,
    repo,
    dir,
    dbFile,
    blobDir,
    publicUrl,
    errors,
    token: async (publisher = "acme") => (await createToken(repo, { publisher, now: new Date() })).token,
    request,
    publish: (bytes, token, name) =>
      request(`/v1/connectors/${name ?? "unknown"}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
        body: bytes,
      }),
    snapshot: () => (pg ? snapshotPostgres(pg.url, blobDir) : snapshotState(dbFile, blobDir)),
    sql: (statement) => (pg ? runPostgres(pg.url, statement) : runSqlite(dbFile, statement)),
    close: async () => {
      await repo.close();
      await pg?.drop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function runSqlite(dbFile: string, statement: string): Promise<Array<Record<string, unknown>>> {
  const db = new Database(dbFile);
  try {
    const prepared = db.prepare(statement);
    return prepared.reader ? (prepared.all() as Array<Record<string, unknown>>) : (prepared.run(), []);
  } finally {
    db.close();
  }
}

/** Dumps every table (FTS shadow tables included) and lists every blob: equal snapshots = nothing written. */
export async function snapshotState(dbFile: string, blobDir: string): Promise<string> {
  const db = new Database(dbFile, { readonly: true });
  try {
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as Array<{ name: string }>;
    const dump: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      if (name === "connectors_fts") continue; // the virtual table itself; its shadow tables hold the data
      if (COORDINATION_TABLES.includes(name)) continue;
      const rows = db.prepare(`SELECT * FROM "${name}"`).all();
      dump[name] = rows.map((r) => JSON.stringify(r, hex)).sort();
    }
    const blobs = await listFiles(blobDir);
    return JSON.stringify({ dump, blobs }, null, 1);
  } finally {
    db.close();
  }
}

function hex(_key: string, value: unknown): unknown {
  return Buffer.isBuffer(value) ? value.toString("hex") : value;
}

/** A minimal valid package with the given manifest fields (files override or add). */
export function makePackage(
  manifest: { name: string; version: string; publisher?: string } & Record<string, unknown>,
  files: Record<string, string | Uint8Array> = {},
): PackageFiles {
  const out: PackageFiles = new Map();
  const text = (s: string) => new TextEncoder().encode(s);
  out.set(
    "plugin.json",
    text(
      JSON.stringify(
        { description: `The ${manifest.name} connector`, publisher: "acme", ...manifest },
        null,
        2,
      ),
    ),
  );
  out.set(
    "mcp.json",
    text(
      JSON.stringify({
        mcpServers: { [manifest.name]: { type: "streamable-http", url: "https://example.com/mcp" } },
      }),
    ),
  );
  for (const [file, content] of Object.entries(files))
    out.set(file, typeof content === "string" ? text(content) : content);
  return out;
}

/** makePackage, packed into a tarball. */
export function packPackage(
  manifest: Parameters<typeof makePackage>[0],
  files?: Record<string, string | Uint8Array>,
): Promise<Uint8Array> {
  return packFiles(makePackage(manifest, files));
}

/** Packs a folder of plugins-sample/ (or any folder) the way `connectory pack` does. */
export async function packDir(dir: string): Promise<Uint8Array> {
  const { files, executables } = await readPackageContents(
    path.isAbsolute(dir) ? dir : path.join(SAMPLES_DIR, dir),
  );
  return packFiles(files, { executables });
}

/** The sample folder names. */
export async function sampleNames(): Promise<string[]> {
  const entries = await fs.readdir(SAMPLES_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Publishes every sample as publisher `connectory-samples`; returns the names. */
export async function publishSamples(reg: TestRegistry): Promise<string[]> {
  const token = await reg.token("connectory-samples");
  const names = await sampleNames();
  for (const name of names) {
    const res = await reg.publish(await packDir(name), token, name);
    if (res.status !== 201) throw new Error(`publishing sample ${name}: ${res.status} ${await res.text()}`);
  }
  return names;
}

/** A real registry server on 127.0.0.1, port 0, with its own temp database and blob folder. */
export async function startTestServer(
  options: { seed?: boolean; catalogs?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer & { dir: string; token(publisher?: string): Promise<string> }> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-server-")));
  const pg = await testDatabaseFromEnv(); // TEST_DATABASE=postgres (issue 8)
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: pg?.url ?? path.join(dir, "registry.db"),
    storageDir: path.join(dir, "blobs"),
    seed: options.seed ?? false,
    ...(options.env ? { env: options.env } : {}),
    ...(options.catalogs ? { catalogs: true } : {}),
    log: () => undefined,
  });
  return {
    ...server,
    dir,
    token: async (publisher = "acme") =>
      (await createToken(server.repo, { publisher, now: new Date() })).token,
    close: async () => {
      await server.close();
      await pg?.drop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
