import { localizedError } from "../terminal/language.js";
import type { Origin } from "../../src/core/merge.js";
import { diffPins, pinTools, type ToolDrift, type ToolPins } from "../../src/core/tools/drift.js";
import type { McpTool } from "../../src/core/tools/types.js";
import { readJsonFile, updateJsonFile } from "./json-file.js";
import { isObject } from "../../src/core/json-guards.js";
import type { ExplainedServer } from "../../src/core/merge.js";
import { checkSnapshot } from "../verify/tool-snapshot.js";
import { connectorKey, homePaths } from "./home.js";
import { readInstalled } from "./installed-store.js";

/** The tool definitions the user approved for one server. */
export interface ServerPins {
  pinnedAt: string;
  /**
   * "snapshot": not stored, read from the tool snapshot the registry signed with the installed version
   * (startingPins); `pinnedAt` is then when the registry recorded it. Absent: the user approved them.
   */
  source?: "snapshot";
  /** Where the server came from when it was approved (connector@marketplace and version, or manual). */
  origin?: Origin;
  serverInfo?: { name: string; version: string };
  tools: ToolPins;
}

/** $CONNECTORY_HOME/pins.json */
export interface PinsFile {
  version: 1;
  servers: Record<string, ServerPins>;
}

/** How a server's current tools compare with its pins. */
export type PinCheck =
  | { status: "unpinned" }
  | { status: "match"; pinnedAt: string; source?: "snapshot" }
  | { status: "drift"; pinnedAt: string; drift: ToolDrift[]; source?: "snapshot" };

const EMPTY: PinsFile = { version: 1, servers: {} };

/** Reads pins.json; absent → empty; a file of the wrong shape is an error (never silently reset). */
export async function readPins(home: string): Promise<PinsFile> {
  return checkShape(await readJsonFile<unknown>(homePaths(home).pins, EMPTY), homePaths(home).pins);
}

/** The pins of one server, if it was ever approved. */
export async function serverPins(home: string, server: string): Promise<ServerPins | undefined> {
  const file = await readPins(home);
  return Object.hasOwn(file.servers, server) ? file.servers[server] : undefined;
}

/**
 * Approves a server's current tools: stores the sha256 and canonical definition of each (replacing any
 * earlier pins for that server). Called by the first successful `inspect` and by `trust`.
 */
export async function recordPins(
  home: string,
  server: string,
  tools: readonly McpTool[],
  meta: { now?: Date; origin?: Origin; serverInfo?: { name: string; version: string } } = {},
): Promise<ServerPins> {
  const pins: ServerPins = {
    pinnedAt: (meta.now ?? new Date()).toISOString(),
    ...(meta.origin ? { origin: meta.origin } : {}),
    ...(meta.serverInfo
      ? { serverInfo: { name: meta.serverInfo.name, version: meta.serverInfo.version } }
      : {}),
    tools: pinTools(tools),
  };
  await updateJsonFile<unknown>(homePaths(home).pins, EMPTY, (raw) => {
    const file = checkShape(raw, homePaths(home).pins);
    return { version: 1, servers: { ...file.servers, [server]: pins } } satisfies PinsFile;
  });
  return pins;
}

/**
 * Forgets the pins `select` picks (their next successful inspect or run pins again), in one locked
 * write; returns the server names forgotten. `uninstall` and `mcp remove` call it, so no pin outlives its server.
 */
export async function removePins(
  home: string,
  select: (server: string, pins: ServerPins) => boolean,
): Promise<string[]> {
  const picked = (file: PinsFile) => Object.entries(file.servers).filter(([s, p]) => select(s, p));
  if (picked(await readPins(home)).length === 0) return []; // nothing to forget: no write, no new file
  const removed: string[] = [];
  await updateJsonFile<unknown>(homePaths(home).pins, EMPTY, (raw) => {
    const file = checkShape(raw, homePaths(home).pins);
    removed.length = 0;
    const servers: Record<string, ServerPins> = {};
    for (const [server, pins] of Object.entries(file.servers)) {
      if (select(server, pins)) removed.push(server);
      else servers[server] = pins;
    }
    return { version: 1, servers } satisfies PinsFile;
  });
  return removed;
}

/** Selects the pins approved for a connector's servers (their recorded origin is that connector). */
export const pinnedFrom =
  (name: string, marketplace: string) =>
  (_server: string, pins: ServerPins): boolean =>
    pins.origin?.kind === "connector" &&
    pins.origin.connector === name &&
    pins.origin.marketplace === marketplace;

/** Compares a server's current tools with its pins. */
export function comparePins(pins: ServerPins | undefined, tools: readonly McpTool[]): PinCheck {
  if (!pins) return { status: "unpinned" };
  const drift = diffPins(pins.tools, tools);
  const source = pins.source ? { source: pins.source } : {};
  return drift.length === 0
    ? { status: "match", pinnedAt: pins.pinnedAt, ...source }
    : { status: "drift", pinnedAt: pins.pinnedAt, drift, ...source };
}

function checkShape(raw: unknown, file: string): PinsFile {
  const problems: string[] = [];
  if (!isObject(raw) || raw.version !== 1 || !isObject(raw.servers)) {
    problems.push('expected { "version": 1, "servers": { … } }');
  } else {
    for (const [name, pins] of Object.entries(raw.servers)) {
      if (!isObject(pins) || typeof pins.pinnedAt !== "string" || !isObject(pins.tools)) {
        problems.push(`server "${name}" has no pinnedAt/tools`);
        continue;
      }
      for (const [tool, pin] of Object.entries(pins.tools)) {
        if (!isObject(pin) || typeof pin.sha256 !== "string" || !isObject(pin.definition))
          problems.push(`server "${name}", tool "${tool}" has no sha256/definition`);
      }
    }
  }
  if (problems.length > 0) {
    throw localizedError(
      "pins.file.invalid",
      { key: "home.pins-invalid", params: { file, problems: problems.join("; ") } },
      { key: "home.pins-invalid-hint" },
    );
  }
  return raw as unknown as PinsFile;
}

/** The server a pin check is about: its effective name, its name in its package, where it came from. */
export type PinnedServer = Pick<ExplainedServer, "name" | "sourceName" | "origin">;

/**
 * The pins a server is checked against (issue 23, signed tool snapshots): what the user approved for the
 * installed version (or for a hand-written server); else, when the installed version carries a tool
 * snapshot the registry signed, that snapshot's tools for this server, from the very first run, so a
 * server that shows the user other tools than it showed the registry is drift, not a first use. Pins
 * approved on an earlier version give way to the new version's snapshot. The stored snapshot is checked
 * against the signed digest again (offline); a changed one is `install.signature.mismatch`, never a
 * silent fall back to trust on first use. Undefined: nothing to compare with (first use pins).
 */
export async function startingPins(home: string, server: PinnedServer): Promise<ServerPins | undefined> {
  const stored = await serverPins(home, server.name);
  const { origin } = server;
  if (origin.kind !== "connector" || !origin.connector || !origin.marketplace) return stored;
  if (stored && (stored.origin?.version === origin.version || stored.origin?.version === undefined))
    return stored;
  const entry = (await readInstalled(home))[connectorKey(origin.connector, origin.marketplace)];
  const digest = entry?.signed?.statement.toolSnapshotDigest;
  if (!entry?.toolSnapshot || !digest || entry.version !== origin.version) return stored;
  const snapshot = checkSnapshot(entry.toolSnapshot, digest, `${entry.name}@${entry.version}`);
  const answered = snapshot.servers[server.sourceName];
  if (!answered) return stored;
  return {
    pinnedAt: snapshot.recordedAt,
    source: "snapshot",
    origin,
    ...(answered.serverInfo
      ? { serverInfo: { name: answered.serverInfo.name, version: answered.serverInfo.version } }
      : {}),
    tools: pinTools(answered.tools as McpTool[]),
  };
}

/**
 * One server's pins as a session's tool guard reads and records them (`run`, the gateway): the signed
 * snapshot's or the approved pins (startingPins); with neither, first use pins the tools with the
 * server's origin and the time of pinning.
 */
export function sessionPins(
  home: string,
  server: PinnedServer,
  now: () => Date,
): {
  readPins(): Promise<ServerPins | undefined>;
  recordPins(tools: McpTool[], serverInfo?: { name: string; version: string }): Promise<void>;
} {
  return {
    readPins: () => startingPins(home, server),
    recordPins: async (tools, serverInfo) => {
      await recordPins(home, server.name, tools, {
        now: now(),
        origin: server.origin,
        ...(serverInfo ? { serverInfo } : {}),
      });
    },
  };
}
