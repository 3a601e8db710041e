import { redact } from "../../src/core/secrets.js";
import { localizedError, say } from "../terminal/language.js";
import { formatDrift, type ToolDrift } from "../../src/core/tools/drift.js";
import type { CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { connectServer } from "./mcp-client.js";
import { mcpWorld, targetOf } from "./mcp-targets.js";
import { comparePins, recordPins, startingPins } from "../home/pins-store.js";
import { flagLine, flagTools, type TextFlag } from "../../src/core/tools/tool-flags.js";
import { printable } from "../terminal/printable.js";
import { canPrompt, prompt } from "../terminal/prompt.js";

/** What `trust` approved: the tools now pinned, and how they differ from the previous pins. */
export interface Approval {
  server: string;
  tools: number;
  drift: ToolDrift[];
  /** The drift as lines, secrets masked. */
  diff: string[];
  /** Instruction-like content in the approved tools, accepted with --yes. */
  flags: TextFlag[];
}

/**
 * Re-approves an active server's tools (`connectory trust <server>`): connects, lists its tools and
 * pins them, returning what changed since the previous pins. Throws when the server cannot be reached.
 * Tools with instruction-like content are shown first and approved only after a yes on a terminal or
 * with `accept` (--yes); otherwise `trust.tools.flagged` and nothing is pinned.
 */
export async function approveTools(
  ctx: CommandContext,
  name: string,
  options: { accept?: boolean } = {},
): Promise<Approval> {
  const config = await loadEffectiveConfig(ctx.home);
  const server = config.servers.find((s) => s.name === name && s.status === "active");
  if (!server) {
    throw localizedError(
      "trust.server.inactive",
      { key: "trust.inactive", params: { name } },
      { key: "trust.inactive-hint" },
    );
  }
  const session = await connectServer(targetOf(server, config), mcpWorld(ctx, undefined));
  let tools;
  try {
    tools = await session.listTools();
  } finally {
    await session.close();
  }
  const hide = (t: string) => redact(t, config.secretValues);
  const flags = flagTools(tools).map((f) => ({ ...f, match: hide(f.match) }));
  if (flags.length > 0 && !options.accept) await confirmFlags(ctx, name, flags);
  const check = comparePins(await startingPins(ctx.home, server), tools);
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
    diff: formatDrift(drift, hide),
    flags,
  };
}

/** Shows the flags; a person at a terminal may still approve, anyone else needs --yes. */
async function confirmFlags(ctx: CommandContext, name: string, flags: TextFlag[]): Promise<void> {
  const lines = flags.map((f) => `  ${flagLine(f)}`);
  ctx.stderr.write(printable([say("trust.flagged-heading", { name }), ...lines, ""].join("\n")));
  if (canPrompt(ctx)) {
    const answer = await prompt(ctx, { message: say("trust.flagged-prompt", { name }) });
    if (/^y(es)?$/i.test(answer.trim())) return;
  }
  throw localizedError(
    "trust.tools.flagged",
    { key: flags.length === 1 ? "trust.flagged-one" : "trust.flagged", params: { name, n: flags.length } },
    { key: "trust.flagged-hint", params: { name } },
  );
}
