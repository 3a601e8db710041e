import path from "node:path";
import type { Hono } from "hono";
import type { RegistryRepository } from "../../src/db/repository.js";
import { runImport, type ImportReport } from "../../src/registry/import/import-run.js";
import { importEntries } from "../../src/registry/import/import-sources.js";
import type { Registry } from "../../src/registry/registry.js";
import { ROOT } from "./cli.js";

/** The shipped snapshot of the real catalogs (catalogs/, with their LICENSE and PROVENANCE.md). */
export const CATALOGS = path.join(ROOT, "catalogs");

/**
 * Imports the entries of a shipped catalog whose entry label matches `pick` (all when omitted) into a
 * test registry, through the real import engine: `official` (the seed file), `docker` or `claude`.
 */
export async function importCatalog(
  reg: { app: unknown; repo: RegistryRepository },
  catalog: "official" | "docker" | "claude",
  pick?: (entry: string) => boolean,
): Promise<ImportReport> {
  const { folder, source } = {
    official: { folder: "official-registry", source: "official-registry-seed.server.json" },
    docker: { folder: "docker-mcp-registry", source: "." },
    claude: { folder: "claude-plugins-official", source: "." },
  }[catalog];
  const entries = await importEntries(source, {
    fetch: () => Promise.reject(new Error("tests read only the shipped snapshot")),
    cwd: path.join(CATALOGS, folder),
  });
  return runImport({
    registry: (reg.app as Hono & { registry: Registry }).registry,
    repo: reg.repo,
    entries: pick ? entries.filter((e) => pick(e.entry)) : entries,
    now: () => new Date(),
  });
}
