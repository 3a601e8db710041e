import { isObject } from "../../src/core/json-guards.js";
import path from "node:path";
import { parseRate } from "../../src/core/limits/rate.js";
import type { Bucket } from "../../src/core/limits/rate.js";
import { homePaths } from "./home.js";
import { describe, readJsonFile, updateJsonFile, type ShapeCheck } from "./json-file.js";
import { withServerEntry } from "./server-tables.js";

/** Per server, per tool (`*`: the whole server) a rate such as `10/min`. */
export type ServerLimits = Record<string, Record<string, string>>;

/** $CONNECTORY_HOME/limits.json: the rate limits of `connectory tools limit`. */
export interface LimitsFile {
  version: 1;
  servers: ServerLimits;
  profiles?: Record<string, ServerLimits>;
}

/** $CONNECTORY_HOME/limits-state.json: each bucket's tokens, so a restart does not refill them. */
export interface LimitsStateFile {
  version: 1;
  buckets: Record<string, Bucket>;
}

const EMPTY: LimitsFile = { version: 1, servers: {} };
const EMPTY_STATE: LimitsStateFile = { version: 1, buckets: {} };

export const limitsPath = (home: string) => path.join(homePaths(home).home, "limits.json");
export const limitsStatePath = (home: string) => path.join(homePaths(home).home, "limits-state.json");

function checkTable(table: unknown, where: string): string | undefined {
  if (!isObject(table)) return `${where}is ${describe(table)}, not { server: { tool: rate } }`;
  for (const [server, tools] of Object.entries(table)) {
    if (!isObject(tools)) return `${where}server ${JSON.stringify(server)} is ${describe(tools)}`;
    for (const [tool, rate] of Object.entries(tools)) {
      try {
        parseRate(String(rate));
      } catch {
        return `${where}${server}/${tool}: ${JSON.stringify(rate)} is not a rate like 10/min`;
      }
    }
  }
  return undefined;
}

const checkLimits: ShapeCheck = (file) => {
  if (!isObject(file) || file.version !== 1)
    return `expected { "version": 1, "servers": { … } }, found ${describe(file)}`;
  const problem = checkTable(file.servers, '"servers" ');
  if (problem || file.profiles === undefined) return problem;
  if (!isObject(file.profiles)) return `"profiles" is ${describe(file.profiles)}, not an object`;
  for (const [name, table] of Object.entries(file.profiles)) {
    const inner = checkTable(table, `profile ${JSON.stringify(name)} `);
    if (inner) return inner;
  }
  return undefined;
};

const checkState: ShapeCheck = (file) => {
  if (!isObject(file) || file.version !== 1 || !isObject(file.buckets))
    return `expected { "version": 1, "buckets": { … } }, found ${describe(file)}`;
  for (const [key, b] of Object.entries(file.buckets))
    if (!isObject(b) || typeof b.tokens !== "number" || typeof b.at !== "number")
      return `bucket ${JSON.stringify(key)} is not { tokens, at }`;
  return undefined;
};

export function readLimits(home: string): Promise<LimitsFile> {
  return readJsonFile<LimitsFile>(limitsPath(home), EMPTY, checkLimits);
}

/** Sets (or with `rate` undefined removes) one limit, under the file's lock, atomically. */
export async function updateLimit(
  home: string,
  server: string,
  tool: string,
  rate: string | undefined,
  profile?: string,
): Promise<void> {
  await updateJsonFile<LimitsFile>(
    limitsPath(home),
    EMPTY,
    (file) =>
      withServerEntry(file, server, profile, (current) => {
        const tools = { ...(current ?? {}) };
        if (rate === undefined) delete tools[tool];
        else tools[tool] = rate;
        return Object.keys(tools).length > 0 ? tools : undefined;
      }),
    { check: checkLimits },
  );
}

/** The buckets as last saved (absent → none: every bucket starts full). */
export async function readLimitsState(home: string): Promise<LimitsStateFile> {
  return readJsonFile<LimitsStateFile>(limitsStatePath(home), EMPTY_STATE, checkState);
}

/** Saves `buckets` over the stored ones (others' buckets kept), under the lock, atomically. */
export async function saveBuckets(
  home: string,
  buckets: ReadonlyMap<string, Bucket>,
  now: number,
): Promise<void> {
  await updateJsonFile<LimitsStateFile>(
    limitsStatePath(home),
    EMPTY_STATE,
    (file) => {
      const out: Record<string, Bucket> = {};
      // A bucket untouched for a day is full again whatever it held: not worth keeping.
      for (const [k, b] of Object.entries(file.buckets)) if (now - b.at < 86_400_000) out[k] = b;
      for (const [k, b] of buckets) out[k] = b;
      return { version: 1, buckets: out };
    },
    { check: checkState, mode: 0o600 },
  );
}
