import { ConnectoryError } from "../../src/core/errors.js";
import { GUARD_MODES, guardModesText, type GuardMode } from "../../src/core/guards/guard-modes.js";
import { GUARD_KINDS, type GuardKind } from "../../src/core/guards/scan-text.js";
import { defineCommand, stringList } from "../command.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { guardModesFor, readGuards, updateGuards } from "../home/guards-store.js";
import { settingProfile } from "../home/profiles-store.js";
import { localizedError, say, sayEnglish } from "../terminal/language.js";

const command = defineCommand({
  usage: "guard <server> mask|warn|block|off [--kind secrets|unicode|injection]... [--profile <name>]",
  description: `
Sets what the guards of \`run\` and \`gateway\` do with what a server's tools, resources and prompts
return. Three kinds of finding: secrets (the shapes of GitHub, AWS, Google, Slack, Stripe, OpenAI,
Anthropic, npm and GitLab tokens, private key blocks, JSON Web Tokens, and your own stored credentials
matched exactly; your credentials are also looked for in a tool's arguments), unicode (invisible and
bidirectional characters, by the rule set publish applies) and injection (instruction-override
phrases, hidden-instruction tags, markdown images whose URL would carry data away).

mask replaces a secret by [redacted:<rule>] and an invisible character by a visible ⟨U+…⟩; warn keeps
the text and adds a visible note the model reads; block turns the answer into a tool error saying
why; off does nothing. Defaults: mask for secrets and unicode, warn for injection. Without --kind the
mode applies to all three. With --profile the modes apply where that profile is served
(\`gateway --profile <name>\`), on top of the server's. Every finding is in \`connectory logs\` (its
kind, rule and position, never the text). Takes effect at the next start of \`run\` or \`gateway\`.
--json prints { server, profile, modes }.`,
  options: {
    kind: {
      type: "string",
      multiple: true,
      value: "kind",
      description: "secrets, unicode or injection (repeat for several; default: all three)",
    },
    profile: {
      type: "string",
      value: "name",
      description: "set the modes for this profile's gateway instead of the server's own",
    },
  },
  positionals: { min: 2, max: 2 },
  async run(args, ctx) {
    const [server, mode] = args.positionals as [string, string];
    if (!(GUARD_MODES as readonly string[]).includes(mode))
      throw new ConnectoryError(
        "usage",
        sayEnglish("guard.bad-mode", { modes: GUARD_MODES.join(", "), mode: JSON.stringify(mode) }),
        {
          usage: true,
          hint: `connectory guard ${server} mask`,
          localized: {
            message: {
              key: "guard.bad-mode",
              params: { modes: GUARD_MODES.join(", "), mode: JSON.stringify(mode) },
            },
          },
        },
      );
    const kinds = stringList(args.values.kind);
    for (const k of kinds)
      if (!(GUARD_KINDS as readonly string[]).includes(k))
        throw new ConnectoryError(
          "usage",
          sayEnglish("guard.bad-kind", { kinds: GUARD_KINDS.join(", "), kind: JSON.stringify(k) }),
          {
            usage: true,
            hint: `connectory guard ${server} ${mode} --kind secrets`,
            localized: {
              message: {
                key: "guard.bad-kind",
                params: { kinds: GUARD_KINDS.join(", "), kind: JSON.stringify(k) },
              },
            },
          },
        );
    const profile = await settingProfile(ctx.home, args.values.profile, {
      message: { key: "guard.default-profile" },
      hint: { key: "guard.default-profile-hint", params: { server, mode } },
    });
    const config = await loadEffectiveConfig(ctx.home);
    if (!config.servers.some((s) => s.name === server))
      throw localizedError(
        "guard.server.unknown",
        { key: "guard.unknown", params: { server } },
        { key: "guard.unknown-hint" },
      );
    const chosen = (kinds.length > 0 ? kinds : GUARD_KINDS) as GuardKind[];
    await updateGuards(
      ctx.home,
      server,
      Object.fromEntries(chosen.map((k) => [k, mode as GuardMode])),
      profile,
    );
    const modes = guardModesFor(await readGuards(ctx.home), server, profile);
    return {
      data: { server, profile: profile ?? null, modes },
      text: profile
        ? say("guard.set-profile", { server, profile, modes: guardModesText(modes) })
        : say("guard.set", { server, modes: guardModesText(modes) }),
    };
  },
});
export default command;
