import { ConnectoryError } from "../../src/core/errors.js";
import type { Origin } from "../../src/core/merge.js";
import { diffPins, pinTools, type ToolDrift, type ToolPins } from "../../src/core/tools/drift.js";
import type { McpTool } from "../../src/core/tools/types.js";
import { homePaths } from "./home.js";
import { readJsonFile, updateJsonFile } from "./json-file.js";

/** The tool definitions the user approved for one server. */
export interface ServerPins {
  pinnedAt: string;
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
  | { status: "match"; pinnedAt: string }
  | { status: "drift"; pinnedAt: string; drift: ToolDrift[] };

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
  return drift.length === 0
    ? { status: "match", pinnedAt: pins.pinnedAt }
    : { status: "drift", pinnedAt: pins.pinnedAt, drift };
}

function checkShape(raw: unknown, file: string): PinsFile {
  const problems: string[] = [];
  if (!isRecord(raw) || raw.version !== 1 || !isRecord(raw.servers)) {
    problems.push('expected { "version": 1, "servers": { … } }');
  } else {
    for (const [name, pins] of Object.entries(raw.servers)) {
      if (!isRecord(pins) || typeof pins.pinnedAt !== "string" || !isRecord(pins.tools)) {
        problems.push(`server "${name}" has no pinnedAt/tools`);
        continue;
      }
      for (const [tool, pin] of Object.entries(pins.tools)) {
        if (!isRecord(pin) || typeof pin.sha256 !== "string" || !isRecord(pin.definition))
          problems.push(`server "${name}", tool "${tool}" has no sha256/definition`);
      }
    }
  }
  if (problems.length > 0) {
    throw new ConnectoryError(
      "pins.file.invalid",
      `${file} is not a valid pins file: ${problems.join("; ")}`,
      {
        hint: "move it aside and re-approve your servers with `connectory trust <server>`; connectory will not overwrite it",
      },
    );
  }
  return raw as unknown as PinsFile;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * One server's pins as a session's tool guard reads and records them (`run`, the gateway): first use
 * pins the tools with the server's origin and the time of pinning.
 */
export function sessionPins(
  home: string,
  server: string,
  origin: Origin | undefined,
  now: () => Date,
): {
  readPins(): Promise<ServerPins | undefined>;
  recordPins(tools: McpTool[], serverInfo?: { name: string; version: string }): Promise<void>;
} {
  return {
    readPins: () => serverPins(home, server),
    recordPins: async (tools, serverInfo) => {
      await recordPins(home, server, tools, {
        now: now(),
        ...(origin ? { origin } : {}),
        ...(serverInfo ? { serverInfo } : {}),
      });
    },
  };
}
