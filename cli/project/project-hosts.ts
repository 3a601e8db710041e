import { existsSync } from "node:fs";
import path from "node:path";
import { entriesAt, parseHostDocument } from "../../src/core/hosts/document.js";
import { getHost, type HostId } from "../../src/core/hosts/index.js";
import { entryHash, type OwnedEntry } from "../../src/core/hosts/ownership.js";
import { launcherServer } from "../../src/core/hosts/shared.js";
import type { HostAdapter, HostEntry } from "../../src/core/hosts/types.js";
import { nameConnectorServers } from "../../src/core/merge/naming.js";
import type { LockFile } from "../../src/core/project/lock.js";
import type { CommandContext } from "../context.js";
import { pathWorld } from "../hosts/host-exports.js";
import {
  PORTABLE_LAUNCHER,
  planHostExport,
  readText,
  writeHostExport,
  type HostExportResult,
} from "../hosts/host-files.js";
import { chooseHostPath, hostPathCandidates } from "../hosts/host-paths.js";
import { localizedError } from "../terminal/language.js";

/** The project-scope file of a host in `dir`; a host without one is `project.host.unsupported`. */
export function projectHostFile(ctx: Pick<CommandContext, "env">, host: HostId, dir: string): string {
  const candidates = hostPathCandidates(host, "project", pathWorld({ env: ctx.env, cwd: dir }));
  const file = chooseHostPath(candidates, existsSync);
  if (!file)
    throw localizedError(
      "project.host.unsupported",
      { key: "project.host-unsupported", params: { host } },
      { key: "project.host-unsupported-hint" },
    );
  return file;
}

/**
 * The server names a lock's connectors get in the project files: each connector's own names, renamed on
 * a clash by the naming rules of `config` (src/core/merge/naming.ts), connectors taken by name. Depends
 * on the lock only, so every machine writes the same entries.
 */
export function projectServerNames(
  lock: LockFile,
): Array<{ connector: string; server: string; name: string }> {
  const provided = Object.keys(lock.connectors)
    .sort()
    .flatMap((connector) => {
      const e = lock.connectors[connector]!;
      return e.servers.map((server) => ({ connector, marketplace: e.marketplace, server }));
    });
  const names = nameConnectorServers(provided);
  return provided.map((p, i) => ({ connector: p.connector, server: p.server, name: names[i] as string }));
}

/** The entry a project file holds for a server: `connectory run <name>`, no path, no home, no secret. */
function portableEntry(adapter: HostAdapter, name: string): HostEntry {
  return adapter.toEntry(
    name,
    launcherServer({ ...PORTABLE_LAUNCHER, args: [...PORTABLE_LAUNCHER.args] }, name),
  );
}

/**
 * Plans (or with `write`, applies) every project host file of the lock: exactly one portable entry per
 * locked server. The lock owns the portable entries of its servers and of the `previous` lock's (what
 * the folder held before this sync): such an entry that is exactly `connectory run <its own name>` may
 * be replaced or removed; anything else (a hand-written server, an entry a teammate edited, a portable
 * entry of a server the project never had) is reported or left alone. Nothing is recorded in hosts.json.
 */
export async function syncProjectHosts(
  ctx: Pick<CommandContext, "home" | "env" | "now">,
  dir: string,
  lock: LockFile,
  write: boolean,
  previous?: LockFile,
): Promise<HostExportResult[]> {
  const names = projectServerNames(lock);
  const ours = new Set([...names, ...(previous ? projectServerNames(previous) : [])].map((n) => n.name));
  const results: HostExportResult[] = [];
  for (const host of lock.hosts) {
    const adapter = getHost(host);
    const file = projectHostFile(ctx, adapter.id, dir);
    const desired = Object.fromEntries(names.map(({ name }) => [name, portableEntry(adapter, name)]));
    const input = {
      home: ctx.home,
      adapter,
      file,
      desired,
      secretValues: [],
      private: false,
      scope: "project" as const,
      mode: "launcher" as const,
      now: ctx.now(),
      owned: await ownedEntries(adapter, file, ours),
    };
    const result = write ? await writeHostExport(input) : await planHostExport(input);
    results.push({ ...result, file: path.relative(dir, file) || file });
  }
  return results;
}

/** The file's entries among `names` that are exactly the portable launcher of their own name. */
async function ownedEntries(
  adapter: HostAdapter,
  file: string,
  names: ReadonlySet<string>,
): Promise<Record<string, OwnedEntry>> {
  const document = adapter.document;
  const text = await readText(file);
  if (!document || text === undefined) return {};
  const data = parseHostDocument(document.format, text, file);
  const current = entriesAt(data, document.containerFor?.(data) ?? document.container, file);
  const owned: Record<string, OwnedEntry> = {};
  for (const [name, value] of Object.entries(current)) {
    if (!names.has(name)) continue;
    const hash = entryHash(portableEntry(adapter, name));
    if (entryHash(value) === hash) owned[name] = { sha256: hash };
  }
  return owned;
}
