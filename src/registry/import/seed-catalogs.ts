import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import type { RegistryRepository } from "../../db/repository.js";
import type { Registry } from "../registry.js";
import { runImport, type ImportStatus } from "./import-run.js";

/**
 * The catalogs `serve` imports into a new registry (SEED unset or 1), in this order, each a folder of
 * catalogs/ holding the verbatim upstream files, their LICENSE and PROVENANCE.md.
 */
export const SEED_CATALOGS: { folder: string; source: string; title: string }[] = [
  {
    folder: "official-registry",
    source: "official-registry-seed.server.json",
    title: "the official MCP Registry seed",
  },
  { folder: "docker-mcp-registry", source: ".", title: "the Docker MCP catalog" },
  { folder: "claude-plugins-official", source: ".", title: "Claude Code's official plugin marketplace" },
];

/** The meta row that records the catalog seed: its snapshot digest, where it got to, and whether it is done. */
export const CATALOG_SEED_KEY = "seed.catalogs";

/** Entries imported per step; the position is recorded after each, so a stopped seed resumes there. */
const STEP = 25;

interface SeedState {
  digest: string;
  /** Index into SEED_CATALOGS, and the next entry of that catalog to import. */
  catalog: number;
  entry: number;
  done: boolean;
}

/** catalogs/ of this checkout or package (found above this file, from src/ or dist/src/). */
export function catalogsDir(): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "catalogs");
    if (fs.existsSync(candidate) && fs.existsSync(path.join(dir, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** sha256 over every file of the snapshot (path and bytes): a new snapshot is imported again. */
export function snapshotDigest(dir: string): string {
  const hash = createHash("sha256");
  const files = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? (e as { path: string }).path, e.name)))
    .sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join("/")}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

function readState(text: string | undefined): SeedState | undefined {
  if (text === undefined) return undefined;
  try {
    const s = JSON.parse(text) as SeedState;
    return typeof s === "object" &&
      s !== null &&
      typeof s.digest === "string" &&
      Number.isInteger(s.catalog) &&
      s.catalog >= 0 &&
      Number.isInteger(s.entry) &&
      s.entry >= 0
      ? s
      : undefined;
  } catch {
    return undefined;
  }
}

const writeState = (repo: RegistryRepository, state: SeedState) =>
  repo.transaction((tx) => tx.setMeta(CATALOG_SEED_KEY, JSON.stringify(state)));

/**
 * Decides, before the samples are seeded, whether this start imports the catalogs: a registry that is
 * empty now (a first start) does, and so does one whose catalog seed was started and not finished, or was
 * done from another snapshot. A registry that already had connectors and never had a catalog seed is left
 * alone (`connectory-registry import catalogs/<folder>` adds them by hand). Records the start, so a seed
 * interrupted at any point is resumed by the next start.
 */
export async function planCatalogSeed(input: {
  repo: RegistryRepository;
  dir: string;
}): Promise<{ digest: string; from: SeedState } | undefined> {
  const digest = snapshotDigest(input.dir);
  const text = await input.repo.getMeta(CATALOG_SEED_KEY);
  const state = readState(text);
  if (text !== undefined && !state) {
    // A row no run of ours wrote: a seed was begun, so start it over (entries already in are unchanged).
    const from = { digest, catalog: 0, entry: 0, done: false };
    await writeState(input.repo, from);
    return { digest, from };
  }
  if (state) {
    if (state.digest === digest && state.done) return undefined;
    if (state.digest === digest) return { digest, from: state };
    const from = { digest, catalog: 0, entry: 0, done: false };
    await writeState(input.repo, from);
    return { digest, from };
  }
  const empty = (await input.repo.search({ terms: [], sort: "name", limit: 1 })).length === 0;
  if (!empty) return undefined;
  const from = { digest, catalog: 0, entry: 0, done: false };
  await writeState(input.repo, from);
  return { digest, from };
}

export interface CatalogSeedResult {
  /** Per catalog folder: the counts of its entries imported by this run (resumed entries are not redone). */
  counts: Record<string, Record<ImportStatus, number>>;
  finished: boolean;
  ms: number;
}

/**
 * Imports the catalogs through `connectory-registry import`'s engine, STEP entries at a time, recording
 * the position after each step; `stopped()` is asked between steps (a shutdown waits for one step at most).
 * Logs progress and, at the end, the counts.
 */
export async function seedCatalogs(input: {
  app: Hono & { registry: Registry };
  repo: RegistryRepository;
  dir: string;
  plan: { digest: string; from: SeedState };
  now: () => Date;
  log: (message: string) => void;
  stopped: () => boolean;
}): Promise<CatalogSeedResult> {
  const start = performance.now();
  const counts: CatalogSeedResult["counts"] = {};
  let { catalog, entry } = input.plan.from;
  // Said before the first await: before `serve` reports itself ready.
  input.log(`seed: importing the real catalogs of ${input.dir} in the background`);
  for (; catalog < SEED_CATALOGS.length; catalog++, entry = 0) {
    const { folder, source, title } = SEED_CATALOGS[catalog]!;
    const total = {
      imported: 0,
      updated: 0,
      unchanged: 0,
      refused: 0,
      yanked: 0,
      deprecated: 0,
      restored: 0,
    };
    counts[folder] = total;
    // The converters (and the validators they call) load when a catalog is imported, not at every start.
    const { importEntries } = await import("./import-sources.js");
    const entries = await importEntries(source, {
      fetch: () => Promise.reject(new Error("the seed reads only the snapshot")),
      cwd: path.join(input.dir, folder),
    });
    if (entry > 0) input.log(`seed: resuming ${title} at entry ${entry} of ${entries.length}`);
    for (; entry < entries.length; entry += STEP) {
      if (input.stopped()) {
        input.log(`seed: stopped in ${title} at entry ${entry} of ${entries.length}; the next start resumes`);
        return { counts, finished: false, ms: performance.now() - start };
      }
      const step = entries.slice(entry, entry + STEP);
      const report = await runImport({
        registry: input.app.registry,
        repo: input.repo,
        entries: step,
        now: input.now,
      });
      for (const [status, n] of Object.entries(report.counts)) total[status as ImportStatus] += n;
      await writeState(input.repo, {
        digest: input.plan.digest,
        catalog,
        entry: entry + step.length,
        done: false,
      });
      const done = Math.min(entry + STEP, entries.length);
      if (done % 100 < STEP || done === entries.length)
        input.log(`seed: ${title}: ${done}/${entries.length} entries`);
    }
    const shown = path.posix.join("catalogs", folder, source);
    input.log(
      `seed: ${title}: ${total.imported} imported, ${total.updated} updated, ${total.unchanged} unchanged, ` +
        `${total.refused} refused` +
        (total.refused > 0 ? ` (\`connectory-registry import ${shown} --json\` lists the reasons)` : ""),
    );
  }
  await writeState(input.repo, { digest: input.plan.digest, catalog, entry: 0, done: true });
  const ms = performance.now() - start;
  const imported = Object.values(counts).reduce((n, c) => n + c.imported, 0);
  const updated = Object.values(counts).reduce((n, c) => n + c.updated, 0);
  input.log(
    `seed: the catalogs are in: ${imported} connectors imported` +
      (updated > 0 ? ` (and ${updated} new versions of connectors already there)` : "") +
      ` in ${(ms / 1000).toFixed(1)} s`,
  );
  return { counts, finished: true, ms };
}
