import type { ExplainedServer, MergeResult } from "../../src/core/merge.js";
import type { McpTool } from "../../src/core/tools/types.js";
import { isConnectoryError } from "../../src/core/errors.js";
import type { McpWorld } from "./mcp-client.js";
import { connectServer } from "./mcp-client.js";
import { targetOf } from "./mcp-targets.js";
import { comparePins, startingPins, type PinCheck } from "../home/pins-store.js";
import { errorText } from "../terminal/language.js";

/** One active server's tools as listed now, compared with its pins — or why they could not be listed. */
export type ServerTools =
  | { server: ExplainedServer; ok: true; tools: McpTool[]; pins: PinCheck }
  | {
      server: ExplainedServer;
      ok: false;
      stage: FailedStage;
      /** English, as --json shows it. */
      error: { code: string; message: string; hint?: string };
      /** The message and hint in the run's language, for text. */
      text: { message: string; hint?: string };
    };

/** Where a failed server stopped: it did not start, did not complete the handshake, or could not list tools. */
export type FailedStage = "start" | "handshake" | "tools";

const START_FAILURES = [
  "mcp.command.not-found",
  "mcp.command.not-executable",
  "mcp.cwd.not-found",
  "mcp.url.invalid",
  "mcp.http.unreachable",
  "mcp.server.exited",
];

const CONCURRENCY = 4;

/**
 * Connects to each server (a few at a time), lists its tools and checks them against the pins.
 * Failures are returned, not thrown: `tools` and `doctor` report every server.
 */
export async function listServerTools(
  home: string,
  servers: readonly ExplainedServer[],
  config: MergeResult,
  world: McpWorld,
): Promise<ServerTools[]> {
  const out: ServerTools[] = new Array(servers.length);
  let next = 0;
  const worker = async () => {
    while (next < servers.length) {
      const i = next++;
      const server = servers[i] as ExplainedServer;
      out[i] = await one(home, server, config, world);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, servers.length) }, worker));
  return out;
}

async function one(
  home: string,
  server: ExplainedServer,
  config: MergeResult,
  world: McpWorld,
): Promise<ServerTools> {
  let connected = false;
  try {
    const session = await connectServer(targetOf(server, config), world);
    connected = true;
    let tools: McpTool[];
    try {
      tools = await session.listTools();
    } finally {
      await session.close();
    }
    return { server, ok: true, tools, pins: comparePins(await startingPins(home, server), tools) };
  } catch (error) {
    if (!isConnectoryError(error)) throw error;
    const stage: FailedStage = connected
      ? "tools"
      : START_FAILURES.includes(error.code)
        ? "start"
        : "handshake";
    const detail = { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
    const { message, hint } = errorText(error);
    return { server, ok: false, stage, error: detail, text: { message, ...(hint ? { hint } : {}) } };
  }
}
