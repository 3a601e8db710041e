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

const command: Command = {
  usage: "tools [--format openai|anthropic|mcp] [--timeout <ms>]",
  description: `
Lists the tools of every active server in an LLM's function-calling shape: OpenAI
({type: "function", function: {name, description, parameters}}), Anthropic ({name, description,
input_schema}) or MCP. Names are "<server>__<tool>", always matching ^[a-zA-Z0-9_-]{1,64}$ and unique;
longer or non-ASCII names are shortened with a hash suffix (the same every time). With --json the
document holds \`tools\` (ready for the provider's API) and \`routes\` (function name → server and tool).
A server whose tools drifted from what you approved is left out until \`connectory trust <server>\`.
Hidden characters in descriptions are shown as ⟨U+…⟩; instruction-like content is warned about on stderr.
Exits 1 when a server could not be listed or was left out.`,
  options: { format: { type: "string", short: "f" }, ...TIMEOUT_OPTION },
  positionals: { max: 0 },
  async run(args, ctx) {
    const format = (args.values.format ?? "openai") as ToolFormat;
    if (!TOOL_FORMATS.includes(format))
      throw usageError(`unknown format "${String(format)}"`, `use one of ${TOOL_FORMATS.join(", ")}`);
    const world = mcpWorld(ctx, args.values.timeout);
    const config = await loadEffectiveConfig(ctx.home);
    const active = config.servers.filter((s) => s.status === "active");
    const listed = await listServerTools(ctx.home, active, config, world);

    const servers: Array<{ name: string; status: string; tools?: number; error?: unknown }> = [];
    const refs: Array<{ server: string; tool: string; definition: McpTool }> = [];
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
          if (!seen.has(tool.name)) refs.push({ server: name, tool: tool.name, definition: tool });
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
    const data = hideSecrets({ format, tools, routes, servers }, config.secretValues);
    const rows = refs.map((r, i) => {
      const description = toolDescription(r.definition).replace(/\s+/g, " ");
      return [names[i] as string, r.server, truncate(description, 60)];
    });
    const text =
      rows.length === 0
        ? "no tools: no active server answered (see `connectory config --explain` and `connectory doctor`)"
        : `${hideSecrets(textTable(["FUNCTION", "SERVER", "DESCRIPTION"], rows), config.secretValues)}\n\n${count(rows.length, "tool")} from ${count(servers.filter((s) => s.status === "ok" || s.status === "unpinned").length, "server")} in ${format} format: \`connectory tools --format ${format} --json\` prints them for the API.`;
    return {
      data,
      text,
      exitCode: servers.some((s) => s.status === "error" || s.status === "drift") ? 1 : 0,
    };
  },
};
export default command;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
