import { redact } from "../../src/core/secrets.js";
import { isConnectoryError } from "../../src/core/errors.js";
import type { ExplainedServer } from "../../src/core/merge.js";
import { formatDrift } from "../../src/core/tools/drift.js";
import { truncate } from "../../src/core/text/truncate.js";
import { flagLine, flagTools, type TextFlag } from "../../src/core/tools/tool-flags.js";
import { hiddenTools, ownRules, type HiddenTool } from "../../src/core/tools/tool-rules.js";
import { readToolRules } from "../home/tool-rules-store.js";
import { defineCommand } from "../command.js";
import type { CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { inspectServer, type InspectReport } from "../mcp/mcp-inspect.js";
import {
  TIMEOUT_OPTION,
  hideSecrets,
  mcpWorld,
  requireActive,
  selectServers,
  targetOf,
} from "../mcp/mcp-targets.js";
import { warn } from "../terminal/output.js";
import { comparePins, recordPins, startingPins, type PinCheck } from "../home/pins-store.js";
import { originLabel } from "../terminal/server-view.js";
import { toolLines } from "../terminal/tool-text.js";
import { inactiveReason } from "../terminal/inactive-reason.js";
import { say } from "../terminal/language.js";

type PinState = PinCheck | { status: "pinned"; pinnedAt: string };
type Outcome =
  | ({
      name: string;
      origin: ExplainedServer["origin"];
      ok: true;
      pins: PinState;
      /** Instruction-like content in its tools (src/core/text/instruction-flags.ts). */
      flags: TextFlag[];
      hidden?: HiddenTool[];
    } & InspectReport)
  | {
      name: string;
      origin: ExplainedServer["origin"];
      ok: false;
      error: { code: string; message: string; hint?: string };
    };

const command = defineCommand({
  usage: "inspect <server|connector> [--timeout <ms>]",
  description: `
Speaks MCP to a server (a connector name inspects each of its servers): initialize, then lists its
tools, resources and prompts (those it advertises) and prints the server's info, protocol version,
capabilities and every tool's schema. The first successful inspect of a server pins its tool
definitions; later, a changed definition is reported as drift until \`connectory trust <server>\`.
Hidden characters (controls, bidi, zero-width, tag characters) are shown as ⟨U+…⟩, and instruction-like
content in a tool (hidden-instruction tags, "ignore previous instructions", key files, calls to other
tools, sending data elsewhere) is flagged with a code and why it matters.`,
  options: { ...TIMEOUT_OPTION },
  positionals: { min: 1, max: 1, complete: ["server-or-connector"] },
  async run(args, ctx) {
    const query = args.positionals[0] as string;
    const world = mcpWorld(ctx, args.values.timeout);
    const config = await loadEffectiveConfig(ctx.home);
    const selected = selectServers(config, query);
    const active = requireActive(selected, query);
    for (const s of selected.filter((s) => s.status !== "active"))
      warn(
        ctx,
        s.why
          ? say("inspect.skipping-because", {
              server: s.name,
              status: s.status,
              reason: inactiveReason(s) ?? "",
            })
          : say("inspect.skipping", { server: s.name, status: s.status }),
      );
    const hide = (text: string) => redact(text, config.secretValues);

    const rules = (await readToolRules(ctx.home)).servers;
    const outcomes: Outcome[] = [];
    for (const server of active) {
      try {
        const report = await inspectServer(targetOf(server, config), world);
        outcomes.push({
          name: server.name,
          origin: server.origin,
          ok: true,
          ...report,
          pins: await pin(ctx, server, report),
          flags: flagTools(report.tools),
          ...hiddenTools(server.name, ownRules(rules, server.name), report.tools),
        });
      } catch (error) {
        // One server: its error is the command's error (message + hint, exit 1).
        if (active.length === 1 || !isConnectoryError(error)) throw error;
        outcomes.push({
          name: server.name,
          origin: server.origin,
          ok: false,
          error: { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) },
        });
      }
    }
    // Tool definitions come from the server: a server echoing a credential must not leak it either.
    const data = hideSecrets({ servers: outcomes }, config.secretValues);
    return {
      data,
      text: data.servers.map((o) => render(o, hide)).join("\n\n"),
      exitCode: data.servers.some((o) => !o.ok) ? 1 : 0,
    };
  },
});
export default command;

/**
 * Compares the tools with the signed snapshot of the installed version or the approved pins
 * (startingPins); with neither, the first successful inspect approves (pins) them.
 */
async function pin(ctx: CommandContext, server: ExplainedServer, report: InspectReport): Promise<PinState> {
  const existing = await startingPins(ctx.home, server);
  if (!existing) {
    const pins = await recordPins(ctx.home, server.name, report.tools, {
      now: ctx.now(),
      origin: server.origin,
      serverInfo: report.serverInfo,
    });
    return { status: "pinned", pinnedAt: pins.pinnedAt };
  }
  const check = comparePins(existing, report.tools);
  if (check.status === "drift")
    warn(
      ctx,
      say(check.source === "snapshot" ? "inspect.drift-snapshot" : "inspect.drift", { server: server.name }),
    );
  return check;
}

function render(o: Outcome, hide: (t: string) => string): string {
  const head = `${o.name}  (${originLabel(o.origin)})`;
  if (!o.ok)
    return [
      head,
      say("inspect.failed", { code: o.error.code, message: o.error.message }),
      ...(o.error.hint ? [`  ${o.error.hint}`] : []),
    ].join("\n");
  const caps = Object.keys(o.capabilities).sort();
  const lines = [
    head,
    say("inspect.server", {
      server: `${o.serverInfo.name} ${o.serverInfo.version}${o.serverInfo.title ? ` (${o.serverInfo.title})` : ""}`,
    }),
    say("inspect.protocol", { version: o.protocolVersion || "?", transport: o.transport }),
    say("inspect.capabilities", { capabilities: caps.length ? caps.join(", ") : say("inspect.none") }),
    say("inspect.pins", { pins: pinText(o.pins) }),
    ...(o.pins.status === "drift" ? formatDrift(o.pins.drift, hide).map((l) => `    ${l}`) : []),
  ];
  if (o.instructions)
    lines.push(say("inspect.instructions", { text: truncate(o.instructions.replace(/\s+/g, " "), 300) }));
  lines.push(say("inspect.tools", { n: o.tools.length }), ...o.tools.flatMap((t) => toolLines(t, "    ")));
  if (o.flags.length)
    lines.push(say("inspect.flags", { n: o.flags.length }), ...o.flags.map((f) => `    ${flagLine(f)}`));
  if (o.hidden?.length)
    lines.push(
      say("inspect.hidden", { n: o.hidden.length }),
      ...o.hidden.map((h) => `    ${h.tool}: ${h.rule}`),
    );
  if (o.resources)
    lines.push(
      say("inspect.resources", { n: o.resources.length }),
      ...o.resources.map((r) => `    ${itemLine(r, "uri")}`),
    );
  if (o.resourceTemplates?.length)
    lines.push(
      say("inspect.templates", { n: o.resourceTemplates.length }),
      ...o.resourceTemplates.map((r) => `    ${itemLine(r, "uriTemplate")}`),
    );
  if (o.prompts)
    lines.push(
      say("inspect.prompts", { n: o.prompts.length }),
      ...o.prompts.map((p) => `    ${itemLine(p, "name")}`),
    );
  return lines.join("\n");
}

function pinText(pins: PinState): string {
  switch (pins.status) {
    case "pinned":
      return say("inspect.pinned");
    case "match":
      return say(pins.source === "snapshot" ? "inspect.match-snapshot" : "inspect.match", {
        date: pins.pinnedAt,
      });
    case "drift":
      return say(pins.source === "snapshot" ? "inspect.drift-cell-snapshot" : "inspect.drift-cell", {
        date: pins.pinnedAt,
      });
    case "unpinned":
      return say("inspect.unpinned");
  }
}

function itemLine(item: unknown, key: string): string {
  const r = (item ?? {}) as Record<string, unknown>;
  const description =
    typeof r.description === "string" ? ` — ${truncate(r.description.replace(/\s+/g, " "), 120)}` : "";
  return `${String(r[key] ?? r.name ?? "?")}${description}`;
}
