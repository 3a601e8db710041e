import fs from "node:fs/promises";
import { homePaths } from "../home/home.js";
import { readJsonFile } from "../home/json-file.js";
import { checkHostState, type HostStateFile } from "./host-state.js";

/** Per host file Connectory exported to: which server names it holds. Undefined when nothing was ever exported. */
export async function readExports(
  home: string,
): Promise<Array<{ host: string; file: string; servers: Set<string> }> | undefined> {
  const file = homePaths(home).hostState;
  const exists = await fs.access(file).then(
    () => true,
    () => false,
  );
  if (!exists) return undefined;
  const state = await readJsonFile<Partial<HostStateFile>>(file, { version: 1, files: {} }, checkHostState);
  return Object.entries(state.files ?? {}).map(([path, f]) => ({
    host: String(f?.host ?? "?"),
    file: path,
    servers: new Set(Object.keys(f?.entries ?? {})),
  }));
}

/**
 * Whether every host file Connectory wrote holds exactly the active servers: a server installed after
 * the last export is missing there, an uninstalled one is stale. Both need `config export` again.
 */
export function exportProblems(
  exports: ReadonlyArray<{ host: string; file: string; servers: Set<string> }>,
  active: readonly string[],
): { missing: Map<string, string[]>; stale: Array<{ host: string; file: string; server: string }> } {
  const missing = new Map<string, string[]>();
  const stale: Array<{ host: string; file: string; server: string }> = [];
  for (const e of exports) {
    for (const name of active)
      if (!e.servers.has(name)) missing.set(name, [...(missing.get(name) ?? []), e.host]);
    for (const name of e.servers)
      if (!active.includes(name)) stale.push({ host: e.host, file: e.file, server: name });
  }
  return { missing, stale };
}

/**
 * After a command changed the effective set (uninstall, enable, disable): one line per host file
 * Connectory wrote that no longer matches it, with the command that brings it up to date. Host files
 * are only ever changed by `config export`, so without this the host keeps launching a removed
 * server (or never sees an enabled one) and nothing says why. Never fails the command it follows.
 */
export async function staleExportNotes(home: string): Promise<string[]> {
  try {
    const exports = await readExports(home);
    if (!exports || exports.length === 0) return [];
    const { loadEffectiveConfig } = await import("../home/effective-config.js");
    const config = await loadEffectiveConfig(home);
    const active = config.servers.filter((s) => s.status === "active").map((s) => s.name);
    const { missing, stale } = exportProblems(exports, active);
    return exports.flatMap((e) => {
      const gone = stale.filter((s) => s.file === e.file).map((s) => s.server);
      const added = [...missing].filter(([, hosts]) => hosts.includes(e.host)).map(([name]) => name);
      if (gone.length === 0 && added.length === 0) return [];
      const what = [
        ...(gone.length ? [`still lists ${gone.join(", ")}`] : []),
        ...(added.length ? [`lacks ${added.join(", ")}`] : []),
      ].join(" and ");
      return [`${e.file} ${what}: connectory config export --host ${e.host} --file ${e.file} --write`];
    });
  } catch {
    return [];
  }
}
