import { usageError } from "../../src/core/errors.js";
import { TOOL_FORMATS, convertTool, toolDescription, type ToolFormat } from "../../src/core/tools/convert.js";
import { assignFunctionNames } from "../../src/core/tools/names.js";
import { truncate } from "../../src/core/text/truncate.js";
import { flagLine, toolFlags } from "../../src/core/tools/tool-flags.js";
import { mapStrings, revealHidden } from "../../src/core/text/hidden-chars.js";
import type { McpTool } from "../../src/core/tools/types.js";
import type { Command } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { TIMEOUT_OPTION, hideSecrets, mcpWorld } from "../mcp/mcp-targets.js";
import { warn } from "../terminal/output.js";
import { listServerTools } from "../mcp/server-tools.js";
import { textTable } from "../terminal/text-table.js";
import { judgeTool, ownRules } from "../../src/core/tools/tool-rules.js";
import { readToolRules, rulesFor } from "../home/tool-rules-store.js";
import { DEFAULT_PROFILE, profileServers } from "../home/profiles-store.js";

const command: Command = {
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
      throw usageError(`unknown format "${String(format)}"`, `use one of ${TOOL_FORMATS.join(", ")}`);
    const world = mcpWorld(ctx, args.values.timeout);
    const config = await loadEffectiveConfig(ctx.home);
    const profile = typeof args.values.profile === "string" ? args.values.profile : undefined;
    const { servers: active, missing } = await profileServers(ctx.home, config, profile ?? DEFAULT_PROFILE);
    for (const m of missing) warn(ctx, `profile ${profile}: "${m}" names no active server`);
    const listed = await listServerTools(ctx.home, active, config, world);

    const servers: Array<{ name: string; status: string; tools?: number; error?: unknown }> = [];
    const refs: Array<{ server: string; tool: string; definition: McpTool }> = [];
    const rules = rulesFor(await readToolRules(ctx.home), profile);
    const hidden: Array<{ server: string; tool: string; rule: string }> = [];
    for (const entry of listed) {
      const name = entry.server.name;
      if (!entry.ok) {
        warn(ctx, `${name}: ${entry.error.message}`);
        servers.push({ name, status: "error", error: entry.error });
      } else if (entry.pins.status === "drift") {
        warn(
          ctx,
          `${name}: left out — its tools changed since you approved them (run \`connectory doctor\`, then \`connectory trust ${name}\`)`,
        );
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
      warn(ctx, `flagged: ${flagLine(flag)}`);
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
        `${count(hidden.length, "tool")} hidden by allow/deny rules: ${hidden.map((h) => `${h.server}__${h.tool} (${h.rule})`).join(", ")}`,
      );
    const answered = servers.filter((s) => s.status === "ok" || s.status === "unpinned").length;
    const failed = servers.length - answered;
    if (failed > 0 && answered > 0)
      warn(
        ctx,
        `${count(failed, "server")} of ${servers.length} left out; the tools of the other ${answered} are listed`,
      );
    const table =
      rows.length === 0
        ? "no tools: no active server answered (see `connectory config --explain` and `connectory doctor`)"
        : `${hideSecrets(textTable(["FUNCTION", "SERVER", "DESCRIPTION"], rows), config.secretValues)}\n\n${count(rows.length, "tool")} from ${count(answered, "server")}: \`connectory tools --format openai|anthropic|mcp\` prints them for the API.`;
    return {
      data,
      // A format is asked for as input to a program: its JSON alone, even when it is empty.
      text: asked ? JSON.stringify(data.tools, null, 2) : table,
      exitCode: failed > 0 && answered === 0 ? 1 : 0,
    };
  },
};
export default command;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
