import { isObject } from "../../src/core/json-guards.js";
import path from "node:path";
import {
  GUARD_MODES,
  layerGuardModes,
  type GuardModes,
  type GuardSettings,
} from "../../src/core/guards/guard-modes.js";
import { GUARD_KINDS } from "../../src/core/guards/scan-text.js";
import { homePaths } from "./home.js";
import { describe, readJsonFile, updateJsonFile, type ShapeCheck } from "./json-file.js";
import { withServerEntry, type ServerTablesFile } from "./server-tables.js";

/** $CONNECTORY_HOME/guards.json: per server (and per profile, per server) the mode of each guard kind. */
export type GuardsFile = ServerTablesFile<GuardSettings>;

const EMPTY: GuardsFile = { version: 1, servers: {} };

export function guardsPath(home: string): string {
  return path.join(homePaths(home).home, "guards.json");
}

function checkTable(table: Record<string, unknown>, where: string): string | undefined {
  for (const [server, settings] of Object.entries(table)) {
    if (!isObject(settings))
      return `${where}server ${JSON.stringify(server)} is ${describe(settings)}, not { kind: mode }`;
    for (const [kind, mode] of Object.entries(settings)) {
      if (!(GUARD_KINDS as readonly string[]).includes(kind))
        return `${where}server ${JSON.stringify(server)}: unknown guard kind ${JSON.stringify(kind)}`;
      if (!(GUARD_MODES as readonly unknown[]).includes(mode))
        return `${where}server ${JSON.stringify(server)}: ${kind} must be one of ${GUARD_MODES.join(", ")}`;
    }
  }
  return undefined;
}

const checkGuards: ShapeCheck = (file) => {
  if (!isObject(file) || file.version !== 1 || !isObject(file.servers))
    return `expected { "version": 1, "servers": { … } }, found ${describe(file)}`;
  const problem = checkTable(file.servers, "");
  if (problem || file.profiles === undefined) return problem;
  if (!isObject(file.profiles)) return `"profiles" is ${describe(file.profiles)}, not an object`;
  for (const [profile, table] of Object.entries(file.profiles)) {
    if (!isObject(table)) return `profile ${JSON.stringify(profile)} is ${describe(table)}, not an object`;
    const inner = checkTable(table, `profile ${JSON.stringify(profile)}: `);
    if (inner) return inner;
  }
  return undefined;
};

/** Reads guards.json; absent → every server on the defaults; a damaged file is an error. */
export function readGuards(home: string): Promise<GuardsFile> {
  return readJsonFile<GuardsFile>(guardsPath(home), EMPTY, checkGuards);
}

/** The modes `server` runs with: the defaults, its own settings, then `profile`'s for it. */
export function guardModesFor(file: GuardsFile, server: string, profile?: string): GuardModes {
  const own = Object.hasOwn(file.servers, server) ? file.servers[server] : undefined;
  const table =
    profile !== undefined && file.profiles && Object.hasOwn(file.profiles, profile)
      ? file.profiles[profile]
      : undefined;
  return layerGuardModes(own, table && Object.hasOwn(table, server) ? table[server] : undefined);
}

/** Sets the modes of some kinds for a server (or a profile's server), under the file's lock, atomically. */
export async function updateGuards(
  home: string,
  server: string,
  settings: GuardSettings,
  profile?: string,
): Promise<GuardSettings> {
  let result: GuardSettings = {};
  await updateJsonFile<GuardsFile>(
    guardsPath(home),
    EMPTY,
    (file) =>
      withServerEntry(file, server, profile, (current) => {
        result = { ...(current ?? {}), ...settings };
        return result;
      }),
    { check: checkGuards },
  );
  return result;
}

/** Locked read-modify-write of the whole guards.json (a project's `sync` sets and removes entries). */
export function replaceGuards(home: string, fn: (file: GuardsFile) => GuardsFile): Promise<GuardsFile> {
  return updateJsonFile<GuardsFile>(guardsPath(home), EMPTY, fn, { check: checkGuards });
}
