/** `tools` (export the active tools) and `tools allow|deny|reset|limit`: a server's tool rules and limits. */
import { usageError } from "../../src/core/errors.js";
import { convertTool, TOOL_FORMATS, toolDescription, type ToolFormat } from "../../src/core/tools/convert.js";
import { assignFunctionNames } from "../../src/core/tools/names.js";
import { truncate } from "../../src/core/text/truncate.js";
import { flagLine, toolFlags } from "../../src/core/tools/tool-flags.js";
import { mapStrings, revealHidden } from "../../src/core/text/hidden-chars.js";
import type { McpTool } from "../../src/core/tools/types.js";
import { type Command, defineCommand } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { hideSecrets, mcpWorld, TIMEOUT_OPTION } from "../mcp/mcp-targets.js";
import { localizedUsageError, say } from "../terminal/language.js";
import { inProfile, serverCount, toolCount, TOOLS_HEADERS, unknownServer } from "../terminal/tools-words.js";
import { warn } from "../terminal/output.js";
import { listServerTools } from "../mcp/server-tools.js";
import { textTable } from "../terminal/text-table.js";
import {
  addPatterns,
  checkPatterns,
  judgeTool,
  ownRules,
  type ToolRules,
} from "../../src/core/tools/tool-rules.js";
import { readToolRules, rulesFor, updateServerRules } from "../home/tool-rules-store.js";
import { DEFAULT_PROFILE, profileServers, settingProfile } from "../home/profiles-store.js";
import type { CommandContext } from "../context.js";
import { serverPins } from "../home/pins-store.js";
import { parseRate } from "../../src/core/limits/rate.js";
import { readLimits, updateLimit } from "../home/limits-store.js";

const command = defineCommand({
  usage: "tools [--format openai|anthropic|mcp] [--profile <name>] [--timeout <ms>]",
  description: `
Lists the tools of every active server in an LLM's function-calling shape: OpenAI
({type: "function", function: {name, description, parameters}}), Anthropic ({name, description,
input_schema}) or MCP. Names are "<server>__<tool>", always matching ^[a-zA-Z0-9_-]{1,64}$ and unique;
longer or non-ASCII names are shortened with a hash suffix (the same every time).

Without --format it prints a table. --format <f> prints that format's JSON array on stdout, ready for
the provider's API. Tools hidden by \`connectory tools allow|deny\` rules are left out (named on stderr).
--profile <name> lists only that profile's servers, with the profile's own rules applied too (the
tools \`gateway --profile <name>\` serves).
--json prints { format, tools, routes, servers, hidden }: \`routes\` maps each function name
to its server and tool, \`servers\` says how each server answered.
A server whose tools drifted from what you approved is left out until \`connectory trust <server>\`.
A server that could not be listed is left out with a warning on stderr; the exit code is 1 only when
servers were active and none of them answered. Hidden characters in descriptions are shown as ⟨U+…⟩;
instruction-like content is warned about on stderr.`,
  options: {
    format: {
      type: "string",
      short: "f",
      value: "openai|anthropic|mcp",
      complete: ["openai", "anthropic", "mcp"],
      description: "print the tools as this provider's JSON array on stdout (default: a table)",
    },
    profile: {
      type: "string",
      value: "name",
      description: "only this profile's servers, with its own allow/deny rules too",
    },
    ...TIMEOUT_OPTION,
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    const asked = args.values.format as ToolFormat | undefined;
    const format = asked ?? "openai";
    if (!TOOL_FORMATS.includes(format))
      throw localizedUsageError(
        { key: "tools.bad-format", params: { format: String(format) } },
        { key: "tools.formats", params: { formats: TOOL_FORMATS.join(", ") } },
      );
    const world = mcpWorld(ctx, args.values.timeout);
    const config = await loadEffectiveConfig(ctx.home);
    const profile = args.values.profile;
    const { servers: active, missing } = await profileServers(ctx.home, config, profile ?? DEFAULT_PROFILE);
    for (const m of missing) warn(ctx, say("tools.profile-missing", { profile: profile ?? "", name: m }));
    const listed = await listServerTools(ctx.home, active, config, world);

    const servers: Array<{ name: string; status: string; tools?: number; error?: unknown }> = [];
    const refs: Array<{ server: string; tool: string; definition: McpTool }> = [];
    const rules = rulesFor(await readToolRules(ctx.home), profile);
    const hidden: Array<{ server: string; tool: string; rule: string }> = [];
    for (const entry of listed) {
      const name = entry.server.name;
      if (!entry.ok) {
        warn(ctx, `${name}: ${entry.text.message}`);
        servers.push({ name, status: "error", error: entry.error });
      } else if (entry.pins.status === "drift") {
        warn(ctx, say("tools.drift", { name }));
        servers.push({ name, status: "drift", tools: entry.tools.length });
      } else {
        servers.push({
          name,
          status: entry.pins.status === "match" ? "ok" : "unpinned",
          tools: entry.tools.length,
        });
        // A server listing one name twice is broken: the first definition wins, as hosts do.
        const seen = new Set<string>();
        for (const tool of entry.tools) {
          const verdict = judgeTool(name, ownRules(rules, name), tool.name);
          if (!verdict.visible) hidden.push({ server: name, tool: tool.name, rule: verdict.rule });
          else if (!seen.has(tool.name)) refs.push({ server: name, tool: tool.name, definition: tool });
          seen.add(tool.name);
        }
      }
    }
    const names = assignFunctionNames(refs);
    // What a model reads: hidden characters made visible in every description (the pins keep the originals).
    const tools = refs.map((r, i) =>
      mapStrings(convertTool(r.definition, names[i] as string, format), revealHidden),
    );
    for (const flag of refs.flatMap((r, i) =>
      toolFlags(r.definition).map((f) => ({ ...f, subject: names[i] as string })),
    ))
      warn(ctx, say("tools.flagged", { flag: flagLine(flag) }));
    const routes = Object.fromEntries(
      refs.map((r, i) => [names[i] as string, { server: r.server, tool: r.tool }]),
    );
    const data = hideSecrets({ format, tools, routes, servers, hidden }, config.secretValues);
    const rows = refs.map((r, i) => {
      const description = toolDescription(r.definition).replace(/\s+/g, " ");
      return [names[i] as string, r.server, truncate(description, 60)];
    });
    if (hidden.length > 0)
      warn(
        ctx,
        say("tools.hidden", {
          tools: toolCount(hidden.length),
          list: hidden.map((h) => `${h.server}__${h.tool} (${h.rule})`).join(", "),
        }),
      );
    const answered = servers.filter((s) => s.status === "ok" || s.status === "unpinned").length;
    const failed = servers.length - answered;
    if (failed > 0 && answered > 0)
      warn(ctx, say("tools.left-out", { servers: serverCount(failed), total: servers.length, answered }));
    const headers = TOOLS_HEADERS.map((h) => say(h));
    const table =
      rows.length === 0
        ? say("tools.none")
        : `${hideSecrets(textTable(headers, rows), config.secretValues)}\n\n${say("tools.summary", { tools: toolCount(rows.length), servers: serverCount(answered) })}`;
    return {
      data,
      // A format is asked for as input to a program: its JSON alone, even when it is empty.
      text: asked ? JSON.stringify(data.tools, null, 2) : table,
      exitCode: failed > 0 && answered === 0 ? 1 : 0,
    };
  },
});
export default command;

/** `tools allow`, `tools deny` and `tools reset`: one server's rules in tool-rules.json. */
export function rulesCommand(action: "allow" | "deny" | "reset"): Command {
  const what =
    action === "reset"
      ? "Removes every allow and deny rule of a server: all its tools are shown again."
      : action === "allow"
        ? `Adds tool names or globs (\`*\`, \`?\`) to a server's allow list: once it has one, only the tools
it matches are shown. A pattern given here is taken off the deny list.`
        : `Adds tool names or globs (\`*\`, \`?\`) to a server's deny list: the tools they match are hidden
(deny wins over allow). A pattern given here is taken off the allow list.`;
  return defineCommand({
    usage:
      action === "reset"
        ? "tools reset <server> [--profile <name>]"
        : `tools ${action} <server> <tool|glob>... [--profile <name>]`,
    description: `
${what} A hidden tool is never listed by \`run\` or \`gateway\`, a call to it is refused with JSON-RPC error
-32003 naming the rule, and \`tools\` leaves it out of its exports. Takes effect at the next start of
\`run\` or \`gateway\`. With --profile <name> the rules are that profile's own for the server: they apply
on top of the server's rules (a tool must pass both) only where that profile is served
(\`gateway --profile <name>\`, \`tools --profile <name>\`), never to \`run\`. --json prints
{ server, profile, allow, deny, hidden } (profile: the name or null; hidden: the server's pinned tools
the rules hide now, with the server's and the profile's rules together).`,
    options: {
      profile: {
        type: "string",
        value: "name",
        description: "change this profile's own rules for the server instead of the server's",
      },
    },
    positionals: action === "reset" ? { min: 1, max: 1 } : { min: 2 },
    async run(args, ctx) {
      const [server, ...patterns] = args.positionals as [string, ...string[]];
      checkPatterns(patterns);
      const profile = await settingProfile(ctx.home, args.values.profile, {
        message: { key: "tools.default-profile-rules" },
        hint: {
          key: "tools.default-profile-hint",
          params: { command: `tools ${action} ${server}${patterns.length ? " …" : ""}` },
        },
      });
      await knownServer(ctx, server);
      const rules = await updateServerRules(
        ctx.home,
        server,
        (current) => (action === "reset" ? undefined : addPatterns(current, action, patterns)),
        profile,
      );
      const layered = rulesFor(await readToolRules(ctx.home), profile);
      return describeRules(ctx, server, rules, ownRules(layered, server), profile);
    },
  });
}

export const allowCommand = rulesCommand("allow");

async function knownServer(ctx: CommandContext, server: string): Promise<void> {
  const config = await loadEffectiveConfig(ctx.home);
  if (config.servers.some((s) => s.name === server)) return;
  throw unknownServer(server);
}

async function describeRules(
  ctx: CommandContext,
  server: string,
  rules: ToolRules | undefined,
  effective: ToolRules | undefined,
  profile: string | undefined,
) {
  const pinned = Object.keys((await serverPins(ctx.home, server))?.tools ?? {});
  const hidden = pinned.filter((t) => !judgeTool(server, effective, t).visible);
  const list = (l: string[] | undefined) => (l && l.length > 0 ? l.join(", ") : say("tools.rules-none"));
  const counts = { hidden: hidden.length, pinned: pinned.length, names: hidden.join(", ") };
  const text = [
    say("tools.rules", {
      server,
      in: inProfile(profile),
      allow: list(rules?.allow),
      deny: list(rules?.deny),
    }),
    pinned.length === 0
      ? say("tools.not-pinned")
      : say(hidden.length ? "tools.hides-list" : "tools.hides", counts),
  ].join("\n");
  return {
    data: { server, profile: profile ?? null, allow: rules?.allow ?? [], deny: rules?.deny ?? [], hidden },
    text,
  };
}

export const limitCommand = defineCommand({
  usage: "tools limit <server>/<tool> <rate>|off [--profile <name>]",
  description: `
Limits how often a tool may be called through \`run\` and \`gateway\`: <rate> is <calls>/<period>
(10/min, 5/s, 100/hour, 1000/day); <tool> \`*\` limits all the server's tools together; off removes the
limit. A token bucket per limit refills continuously; a call past it is not sent to the server and the
host gets a tool error saying when to try again. The buckets' state is kept in
$CONNECTORY_HOME/limits-state.json, so restarting \`run\` or the gateway does not refill them. With
--profile the limit counts only where that profile is served (\`gateway --profile <name>\`), in addition
to the server's own. Takes effect at the next start of \`run\` or \`gateway\`.
--json prints { server, tool, profile, rate } (rate: null when removed).`,
  options: {
    profile: {
      type: "string",
      value: "name",
      description: "limit the tool only in this profile's gateway",
    },
  },
  positionals: { min: 2, max: 2 },
  async run(args, ctx) {
    const [target, rateText] = args.positionals as [string, string];
    const slash = target.indexOf("/");
    const server = target.slice(0, slash);
    const tool = target.slice(slash + 1);
    if (slash <= 0 || tool === "")
      throw localizedUsageError(
        { key: "usage.tools-target", params: { target: JSON.stringify(target) } },
        { key: "usage.tools-target-hint" },
      );
    const rate = rateText === "off" ? undefined : rateText.trim();
    if (rate !== undefined) parseRate(rate);
    const profile = await settingProfile(ctx.home, args.values.profile, {
      message: { key: "tools.default-profile-limits" },
      hint: { key: "tools.default-profile-hint", params: { command: `tools limit ${target} ${rateText}` } },
    });
    const config = await loadEffectiveConfig(ctx.home);
    if (!config.servers.some((s) => s.name === server)) throw unknownServer(server);
    await updateLimit(ctx.home, server, tool, rate, profile);
    const file = await readLimits(ctx.home);
    const table = profile === undefined ? file.servers : (file.profiles?.[profile] ?? {});
    const now = table[server]?.[tool] ?? null;
    return {
      data: { server, tool, profile: profile ?? null, rate: now },
      text: say("tools.limit", {
        target: `${server}/${tool}`,
        in: inProfile(profile),
        rate: now ?? say("tools.no-limit"),
      }),
    };
  },
});
