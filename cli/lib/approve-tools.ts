import { redact } from "../../src/core/credentials.js";
import { ConnectoryError } from "../../src/core/errors.js";
import type { ExplainedServer } from "../../src/core/merge.js";
import { formatDrift, type ToolDrift } from "../../src/core/tools/drift.js";
import type { CommandContext } from "./context.js";
import { loadEffectiveConfig } from "./effective-config.js";
import { connectServer } from "./mcp-client.js";
import { mcpWorld, targetOf } from "./mcp-targets.js";
import { warn } from "./output.js";
import { comparePins, recordPins, serverPins } from "./pins-store.js";

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

/**
 * The pre-flight of `connectory run`: lists the server's tools and compares them with the pins.
 * First use pins them (trust on first use); drift refuses to start, showing the diff. A server that
 * cannot be reached is let through with a warning: the host will see that failure itself.
 * Writes only to stderr (stdout is the MCP channel).
 */
export async function verifyToolsBeforeRun(server: ExplainedServer, ctx: CommandContext): Promise<void> {
  const config = await loadEffectiveConfig(ctx.home);
  const hide = (t: string) => redact(t, config.secretValues);
  let tools;
  let serverInfo;
  try {
    const session = await connectServer(targetOf(server, config), mcpWorld(ctx, undefined));
    serverInfo = session.serverInfo;
    try {
      tools = await session.listTools();
    } finally {
      await session.close();
    }
  } catch (error) {
    warn(
      ctx,
      `could not check the tools of ${server.name} against their pins (${hide((error as Error).message.split("\n")[0] ?? "")}); starting it anyway`,
    );
    return;
  }
  const check = comparePins(await serverPins(ctx.home, server.name), tools);
  if (check.status === "unpinned") {
    await recordPins(ctx.home, server.name, tools, { now: ctx.now(), origin: server.origin, serverInfo });
    warn(
      ctx,
      `first run of ${server.name}: pinned its ${tools.length} tool definitions; a later change will be refused until \`connectory trust ${server.name}\``,
    );
  } else if (check.status === "drift") {
    throw new ConnectoryError(
      "run.tools.drift",
      [
        `the tools of ${server.name} changed since you approved them on ${check.pinnedAt}; refusing to start it:`,
        ...formatDrift(check.drift, hide).map((l) => `  ${l}`),
      ].join("\n"),
      { hint: `review the changes above, then approve them with \`connectory trust ${server.name}\`` },
    );
  }
}
