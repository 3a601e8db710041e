import { redact } from "../../src/core/secrets.js";
import { ConnectoryError } from "../../src/core/errors.js";
import { formatDrift, type ToolDrift } from "../../src/core/tools/drift.js";
import type { CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { connectServer } from "./mcp-client.js";
import { mcpWorld, targetOf } from "./mcp-targets.js";
import { comparePins, recordPins, serverPins } from "../home/pins-store.js";

/** What `trust` approved: the tools now pinned, and how they differ from the previous pins. */
export interface Approval {
  server: string;
  tools: number;
  drift: ToolDrift[];
  /** The drift as lines, secrets masked. */
  diff: string[];
}

/**
 * Re-approves an active server's tools (`connectory trust <server>`): connects, lists its tools and
 * pins them, returning what changed since the previous pins. Throws when the server cannot be reached.
 */
export async function approveTools(ctx: CommandContext, name: string): Promise<Approval> {
  const config = await loadEffectiveConfig(ctx.home);
  const server = config.servers.find((s) => s.name === name && s.status === "active");
  if (!server) {
    throw new ConnectoryError(
      "trust.server.inactive",
      `server "${name}" is not active, so its tools cannot be approved`,
      {
        hint: "see `connectory config --explain` for why",
      },
    );
  }
  const session = await connectServer(targetOf(server, config), mcpWorld(ctx, undefined));
  let tools;
  try {
    tools = await session.listTools();
  } finally {
    await session.close();
  }
  const check = comparePins(await serverPins(ctx.home, name), tools);
  await recordPins(ctx.home, name, tools, {
    now: ctx.now(),
    origin: server.origin,
    serverInfo: session.serverInfo,
  });
  const drift = check.status === "drift" ? check.drift : [];
  return {
    server: name,
    tools: tools.length,
    drift,
    diff: formatDrift(drift, (t) => redact(t, config.secretValues)),
  };
}
