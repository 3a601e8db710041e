import { ConnectoryError } from "../../src/core/errors.js";
import {
  addPatterns,
  checkPatterns,
  judgeTool,
  ownRules,
  type ToolRules,
} from "../../src/core/tools/tool-rules.js";
import type { Command } from "../command.js";
import type { CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { serverPins } from "../home/pins-store.js";
import { readToolRules, rulesFor, updateServerRules } from "../home/tool-rules-store.js";
import { DEFAULT_PROFILE, findProfile, readProfiles } from "../home/profiles-store.js";
import { usageError } from "../../src/core/errors.js";

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
  return {
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
      const profile = typeof args.values.profile === "string" ? args.values.profile : undefined;
      if (profile === DEFAULT_PROFILE)
        throw usageError(
          "the default profile has no rules of its own: the server's rules are its rules",
          `drop --profile: connectory tools ${action} ${server}${patterns.length ? " …" : ""}`,
        );
      if (profile !== undefined) findProfile(await readProfiles(ctx.home), profile);
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
  };
}

export default rulesCommand("allow");

async function knownServer(ctx: CommandContext, server: string): Promise<void> {
  const config = await loadEffectiveConfig(ctx.home);
  if (config.servers.some((s) => s.name === server)) return;
  throw new ConnectoryError("tools.server.unknown", `no server named "${server}" in the effective set`, {
    hint: "see `connectory config --explain` for every server and its name",
  });
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
  const list = (l: string[] | undefined) => (l && l.length > 0 ? l.join(", ") : "(none)");
  const text = [
    `${server}${profile ? ` in profile ${profile}` : ""}: allow ${list(rules?.allow)}; deny ${list(rules?.deny)}`,
    pinned.length === 0
      ? "its tools are not pinned yet: the rules apply to whatever it lists"
      : `hides ${hidden.length} of its ${pinned.length} pinned tools${hidden.length ? `: ${hidden.join(", ")}` : ""}`,
  ].join("\n");
  return {
    data: { server, profile: profile ?? null, allow: rules?.allow ?? [], deny: rules?.deny ?? [], hidden },
    text,
  };
}
