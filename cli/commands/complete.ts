import { defineCommand, type CompletionKind, type OptionDef } from "../command.js";
import { COMMANDS } from "../commands.js";
import type { CommandContext } from "../context.js";
import { readInstalled } from "../home/installed-store.js";
import { readMarketplaces } from "../home/marketplaces-store.js";

const command = defineCommand({
  usage: "__complete -- <words…>",
  description: `
Prints, one per line, the completions of the last word of a connectory command line (the words after
\`connectory\`, the one being typed last, possibly empty). Used by the scripts \`connectory completion\`
prints; it reads only installed.json, marketplaces.json and, for server names, the effective config.`,
  positionals: { max: 0 },
  allowRest: true,
  protocolStdout: true,
  async run(args, ctx) {
    const found = await candidates(args.rest, ctx);
    return { data: found, text: found.join("\n") };
  },
});
export default command;

/** The completions of the last of `words` (what follows `connectory` on the command line). */
export async function candidates(words: string[], ctx: CommandContext): Promise<string[]> {
  const current = words.at(-1) ?? "";
  const before = words.slice(0, -1);
  if (before.includes("--")) return []; // a command line of its own (mcp add … -- node server.js)
  const match = (list: Iterable<string>) =>
    [...new Set(list)].filter((c) => c.startsWith(current) && !c.startsWith("__")).sort();
  const visible = Object.keys(COMMANDS).filter((k) => !COMMANDS[k]!.hidden);
  const two = before.length >= 2 ? `${before[0]} ${before[1]}` : "";
  const verb = COMMANDS[two] ? two : before.length >= 1 && COMMANDS[before[0]!] ? before[0]! : undefined;
  const subverbs = (first: string) =>
    visible.filter((k) => k.startsWith(`${first} `)).map((k) => k.slice(first.length + 1));
  if (verb === undefined) {
    if (before.length === 0) return match(visible.map((k) => k.split(" ")[0]!));
    if (before.length === 1) return match(subverbs(before[0]!));
    return [];
  }
  const spec = (await COMMANDS[verb]!.load()).default;
  const options: Record<string, Pick<OptionDef, "type" | "short" | "complete">> = {
    ...spec.options,
    json: { type: "boolean" },
    help: { type: "boolean" },
  };
  const optionOf = (word: string) =>
    word.startsWith("--")
      ? options[word.slice(2)]
        ? word.slice(2)
        : undefined
      : Object.keys(options).find((k) => word.length === 2 && options[k]!.short === word[1]);
  const prev = before.at(-1);
  const prevOption = prev && before.length > verb.split(" ").length ? optionOf(prev) : undefined;
  if (prevOption && options[prevOption]!.type === "string") {
    const values = options[prevOption]!.complete;
    return values === undefined ? [] : match(typeof values === "string" ? await known(values, ctx) : values);
  }
  if (current.startsWith("-")) return match(Object.keys(options).map((k) => `--${k}`));

  // Which positional is being typed: words after the verb that are neither options nor their values.
  let index = 0;
  const rest = before.slice(verb.split(" ").length);
  for (let i = 0; i < rest.length; i += 1) {
    const word = rest[i]!;
    if (!word.startsWith("-")) index += 1;
    else if (!word.includes("=") && options[optionOf(word) ?? ""]?.type === "string") i += 1;
  }
  const kinds = spec.positionals?.complete;
  const kind = kinds?.[Math.min(index, kinds.length - 1)];
  const found = kind ? await known(kind, ctx) : [];
  // `config` is a verb and the first word of `config export` / `config copy`.
  if (index === 0 && !verb.includes(" ")) found.push(...subverbs(verb));
  return match(found);
}

/** Names from the home; a damaged file gives none (completion never fails a keystroke). */
async function known(kind: CompletionKind, ctx: CommandContext): Promise<string[]> {
  try {
    if (kind === "shell") return ["bash", "zsh", "fish"];
    if (kind === "marketplace") return Object.keys(await readMarketplaces(ctx.home, ctx.env));
    if (kind === "connector") return Object.values(await readInstalled(ctx.home)).map((e) => e.name);
    const { loadEffectiveConfig } = await import("../home/effective-config.js");
    const config = await loadEffectiveConfig(ctx.home);
    const servers = config.servers.map((s) => s.name);
    if (kind === "server") return servers;
    return [...servers, ...Object.values(await readInstalled(ctx.home)).map((e) => e.name)];
  } catch {
    return [];
  }
}
