/** `profile create|list|show|delete|add|remove`: named sets of servers. */
import { defineCommand, type Command, type CommandResult } from "../command.js";
import type { CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import {
  DEFAULT_PROFILE,
  checkProfileName,
  findProfile,
  memberServers,
  profileServers,
  readProfiles,
  updateProfiles,
} from "../home/profiles-store.js";
import { textTable } from "../terminal/text-table.js";
import { status } from "../terminal/output.js";
import { staleExportNotes } from "../hosts/host-exports.js";
import { localizedError, localizedUsageError, say } from "../terminal/language.js";

type Action = "create" | "list" | "show" | "delete" | "add" | "remove";

const USAGE: Record<Action, string> = {
  create: "profile create <name> [<server|connector>...]",
  list: "profile list",
  show: "profile show <name>",
  delete: "profile delete <name>",
  add: "profile add <profile> <server|connector>...",
  remove: "profile remove <profile> <server|connector>...",
};
const POSITIONALS: Record<Action, { min?: number; max?: number }> = {
  create: { min: 1 },
  list: { max: 0 },
  show: { min: 1, max: 1 },
  delete: { min: 1, max: 1 },
  add: { min: 2 },
  remove: { min: 2 },
};

/** The `profile …` verbs: named sets of servers in $CONNECTORY_HOME/profiles.json. */
export function profileCommand(action: Action): Command {
  return defineCommand({
    usage: USAGE[action],
    description: `
A profile is a named set of servers for one task or host: \`connectory gateway --profile <name>\` serves
only its servers. Members are server names or connector names (name or name@marketplace: every server
of that connector). The profile "default" is every active server and is not stored. profiles.json is
written atomically under a lock. After add, remove and delete, each host file exported for the profile
(\`config export --profile\`) that no longer matches it is named, with the export that fixes it.
--json prints { profile, members, servers, missing } (list: { profiles }).`,
    positionals: POSITIONALS[action],
    run: (args, ctx) => runAction(action, args.positionals, ctx),
  });
}

export default profileCommand("create");

async function runAction(action: Action, positionals: string[], ctx: CommandContext): Promise<CommandResult> {
  const [name, ...members] = positionals as [string, ...string[]];
  if (action === "list") return list(ctx);
  checkProfileName(name);
  if (name === DEFAULT_PROFILE && action !== "show")
    throw localizedUsageError({ key: "profile.reserved" }, { key: "profile.reserved-hint" });
  if (action === "add" || action === "create") await checkMembers(ctx, members);
  const now = ctx.now().toISOString();
  if (action !== "show")
    await updateProfiles(ctx.home, (file) => {
      const profiles = { ...file.profiles };
      if (action === "create") {
        if (Object.hasOwn(profiles, name))
          throw localizedError(
            "profile.exists",
            { key: "profile.exists", params: { name } },
            { key: "profile.exists-hint", params: { name } },
          );
        profiles[name] = { members: [...new Set(members)], createdAt: now };
      } else if (action === "delete") {
        findProfile(file, name);
        delete profiles[name];
      } else {
        const profile = findProfile(file, name);
        if (action === "remove") {
          const absent = members.filter((m) => !profile.members.includes(m));
          if (absent.length > 0)
            throw localizedError(
              "profile.member.unknown",
              { key: "profile.no-member", params: { name, members: absent.join(", ") } },
              { key: "profile.no-member-hint", params: { name } },
            );
        }
        const next =
          action === "add"
            ? [...new Set([...profile.members, ...members])]
            : profile.members.filter((m) => !members.includes(m));
        profiles[name] = { ...profile, members: next };
      }
      return { version: 1, profiles };
    });
  // A host file exported for this profile (its servers, or its gateway) may no longer match it.
  if (action !== "show" && action !== "create")
    for (const note of await staleExportNotes(ctx)) status(ctx, note);
  if (action === "delete")
    return { data: { profile: name, deleted: true }, text: say("profile.deleted", { name }) };
  return show(ctx, name);
}

// A member must name a server or connector now: a typo would otherwise make an empty profile.
async function checkMembers(ctx: CommandContext, members: string[]): Promise<void> {
  const config = await loadEffectiveConfig(ctx.home);
  // A skills-only connector (no server) is a member too: a profile's export carries its skills.
  const installed = (m: string) => config.connectors.some(({ key, entry }) => key === m || entry.name === m);
  const unknown = members.filter((m) => memberServers(config, m).length === 0 && !installed(m));
  if (unknown.length > 0)
    throw localizedError(
      "profile.member.unknown",
      { key: "profile.unknown-members", params: { members: unknown.map((u) => `"${u}"`).join(", ") } },
      { key: "profile.unknown-members-hint" },
    );
}

async function show(ctx: CommandContext, name: string): Promise<CommandResult> {
  const config = await loadEffectiveConfig(ctx.home);
  const { servers, missing } = await profileServers(ctx.home, config, name);
  const members = name === DEFAULT_PROFILE ? [] : findProfile(await readProfiles(ctx.home), name).members;
  const lines = [
    name === DEFAULT_PROFILE
      ? say("profile.every-active", { name })
      : say("profile.members", { name, members: members.join(", ") || say("profile.none") }),
    say("profile.active", { servers: servers.map((s) => s.name).join(", ") || say("profile.none") }),
    ...(missing.length ? [say("profile.missing", { members: missing.join(", ") })] : []),
  ];
  return {
    data: { profile: name, members, servers: servers.map((s) => s.name), missing },
    text: lines.join("\n"),
  };
}

async function list(ctx: CommandContext): Promise<CommandResult> {
  const file = await readProfiles(ctx.home);
  const profiles = Object.entries(file.profiles)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, p]) => ({ name, members: p.members, createdAt: p.createdAt }));
  const rows = profiles.map((p) => [p.name, p.members.join(", ")]);
  const text = textTable(
    [say("profile.h-profile"), say("profile.h-members")],
    [[DEFAULT_PROFILE, say("profile.every-active-cell")], ...rows],
  );
  return { data: { profiles }, text };
}
