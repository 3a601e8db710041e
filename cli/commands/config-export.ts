import { existsSync } from "node:fs";
import path from "node:path";
import { ConnectoryError, usageError } from "../../src/core/errors.js";
import { exportEntries, getHost, type ExportServer } from "../../src/core/hosts/index.js";
import type { ExportMode, HostAdapter, HostId, Launcher } from "../../src/core/hosts/types.js";
import { gatewayEntryName, gatewayServer } from "../../src/core/hosts/gateway-entry.js";
import { DEFAULT_PROFILE, checkProfileName, profileServers } from "../home/profiles-store.js";
import type { EntryReport } from "../../src/core/hosts/ownership.js";
import type { ServerSpec } from "../../src/core/types.js";
import type { Command } from "../command.js";
import { defaultHome, type CommandContext } from "../context.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { pathWorld, readExports } from "../hosts/host-exports.js";
import { findOnPath, planHostExport, scopeLauncher, writeHostExport } from "../hosts/host-files.js";
import { chooseHostPath, hostPathCandidates, type HostScope } from "../hosts/host-paths.js";
import { readImported } from "../hosts/import-state.js";
import { exportSkills, skillsSummary, type SkillsExport } from "../hosts/skill-export.js";
import { profileConnectors } from "../hosts/skill-sources.js";
import { status, warn } from "../terminal/output.js";

const command: Command = {
  usage:
    "config export --host <host> [--scope user|project] [--mode launcher|inline] [--file <path>] [--write] [--no-skills] [--replace-imported] [--allow-secrets-in-project] [--profile <name>] [--gateway]",
  description: `
Writes the effective server set (see \`connectory config\`) into an MCP host's own config file.
Without --write it only prints the diff it would apply.

Hosts: claude-desktop, claude-code, cursor, vscode, windsurf, cline, roo-code, zed, codex, gemini-cli,
goose, workbuddy, qoder, trae, kiro, lm-studio, opencode, warp, amp, junie (cherry-studio is
import-only: use \`connectory config copy\`). Paths, shapes and what is confirmed: docs/hosts.md.

--mode launcher (default) writes \`connectory run <server>\` as each server's command, so no secret
enters the host file. --mode inline writes the rendered commands, URLs and headers (secrets included:
the file is then made 0600, and it holds this machine's paths); servers the host cannot speak still go
through \`connectory run\`. With --scope project, inline mode is refused when it would write a secret
(that file is meant for git), unless --allow-secrets-in-project says you mean it.

How the host starts \`connectory run\` depends on the scope:
  user      this machine's node binary and Connectory's bin/connectory.js by absolute path, plus
            CONNECTORY_HOME when yours is not the default: hosts started from a GUI (Dock, Start
            menu) often lack your shell's PATH, so a bare \`connectory\` may not be found there.
            $CONNECTORY_LAUNCHER (a JSON array, e.g. '["connectory"]') replaces node + bin.
  project   \`connectory\` by name, and no CONNECTORY_HOME: the file (.mcp.json, .cursor/mcp.json,
            .vscode/mcp.json …) is meant to be committed, and each teammate runs their own Connectory
            with their own home, after installing the same connectors. A note says so when
            \`connectory\` is not on PATH here (npm i -g connectory, or npm link in a checkout).

The file is edited in place: comments, order and formatting of everything else are kept; the previous
version is backed up under $CONNECTORY_HOME/backups/. Connectory only replaces or removes entries it
wrote itself (recorded in $CONNECTORY_HOME/hosts.json, with the scope and mode of the export); an
entry you edited since, or one it never wrote, is reported and left alone. A file that does not parse
is never touched. --file without --scope keeps the scope recorded for that file, and the fixes other
commands print repeat this export (host, scope, mode; --file only when the scope would pick another).

Skills: the skills of every active connector are installed too, into the folder the host loads skills
from for the scope (claude-code: ~/.claude/skills or .claude/skills; codex, cursor, vscode, gemini-cli,
goose, opencode: ~/.agents/skills or .agents/skills; kiro, qoder, workbuddy, trae, junie, warp, amp:
their own; see docs/hosts.md). Each is a copy named <connector>-<skill> (a skill already named after
its connector keeps its name), with its front matter name set to match; a skill a host would refuse
is skipped and reported. As for host entries, only
folders Connectory wrote and nobody changed are replaced or removed (recorded in skills.json), and the
previous versions go to backups/skills/. --no-skills leaves skills folders untouched.

--profile <name> exports only that profile's active servers (see \`connectory profile show\`), and
only the skills of its connectors (and of skills-only connectors it names): skills of other
connectors that Connectory wrote to that folder are removed, as for an uninstalled connector.
--gateway writes one entry instead of one per server: \`connectory gateway\` (named "connectory"), or
with --profile \`connectory gateway --profile <name>\` (named "connectory-<name>"), launched as the
scope says above; the entries Connectory wrote there per server are removed (backed up like any
edit). A gateway entry holds no secret and no server list: servers installed later reach the host
through it without another export. --gateway takes no --mode inline.

--replace-imported: the entries \`connectory import\` copied out of this file (and that are unchanged
since) are replaced by Connectory's entries for the same, now trusted, servers: the inline secrets
leave the host file (the previous file is backed up). Without it they are reported and left alone.`,
  options: {
    host: {
      type: "string",
      value: "host",
      description: "the MCP host whose file to write (required), e.g. claude-code, cursor",
    },
    scope: {
      type: "string",
      value: "user|project",
      description:
        "the host's user file or this folder's project file (default user, or the scope recorded for --file)",
    },
    mode: {
      type: "string",
      value: "launcher|inline",
      description:
        "launcher: hosts start `connectory run <server>`; inline: the rendered commands (default launcher)",
    },
    file: {
      type: "string",
      value: "path",
      description: "write this file instead of the host's default path for the scope",
    },
    write: { type: "boolean", description: "apply the change (default: only print the diff)" },
    "no-skills": {
      type: "boolean",
      description: "leave skills folders untouched (default: export skills too)",
    },
    "replace-imported": {
      type: "boolean",
      description: "replace the entries `connectory import` copied from this file by launcher entries",
    },
    "allow-secrets-in-project": {
      type: "boolean",
      description: "let --scope project --mode inline write secrets into a file meant for git",
    },
    profile: {
      type: "string",
      value: "name",
      description: "export only this profile's servers (or, with --gateway, its gateway)",
    },
    gateway: {
      type: "boolean",
      description: "write one `connectory gateway` entry instead of one entry per server",
    },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    if (typeof args.values.host !== "string")
      throw usageError("--host is required", "e.g. connectory config export --host claude-code");
    const adapter = getHost(args.values.host);
    const given =
      typeof args.values.file === "string" && args.values.file !== "" ? args.values.file : undefined;
    // A file named with --file keeps the scope it was exported with (a project file stays portable).
    const recorded =
      given && args.values.scope === undefined ? await recordedScope(ctx, adapter.id, given) : undefined;
    const scope = recorded ?? (oneOf(args.values.scope, ["user", "project"], "--scope") as HostScope);
    const mode = oneOf(args.values.mode, ["launcher", "inline"], "--mode") as ExportMode;
    const gateway = args.values.gateway === true;
    if (gateway && mode === "inline")
      throw usageError(
        "--gateway writes a launcher entry: it takes no --mode inline",
        "drop --mode inline (the gateway starts each server itself, as `run` does)",
      );
    const named = typeof args.values.profile === "string" ? args.values.profile : undefined;
    if (named !== undefined) checkProfileName(named);
    const profile = named === DEFAULT_PROFILE ? undefined : named;
    const file = resolveFile(ctx, adapter.id, scope, given);

    const config = await loadEffectiveConfig(ctx.home);
    const all = config.servers.filter((s) => s.status === "active");
    const chosen = await profileServers(ctx.home, config, profile ?? DEFAULT_PROFILE);
    // A profile's export carries only its connectors' skills (a skills-only connector it names too).
    const narrowed =
      profile !== undefined ? profileConnectors(config, chosen.servers, chosen.missing) : undefined;
    for (const m of chosen.missing.filter((x) => !narrowed?.skillsOnly.includes(x)))
      warn(
        ctx,
        `profile ${profile}: "${m}" names no active server (see \`connectory profile show ${profile}\`)`,
      );
    const active = chosen.servers;
    const servers: ExportServer[] = active.map((s) => ({
      name: s.name,
      server: s.server,
      secret: holdsSecret(s.server, config.secretValues),
      ...(s.sandbox ? { sandboxed: true } : {}),
    }));
    const launcher = scopeLauncher(scope, ctx.env, ctx.home, defaultHome({}));
    const { entries, secretsWritten, notes } = gateway
      ? gatewayEntries(adapter, launcher, profile)
      : exportEntries(adapter, servers, mode, launcher);
    if (
      scope === "project" &&
      secretsWritten.length > 0 &&
      args.values["allow-secrets-in-project"] !== true
    ) {
      throw new ConnectoryError(
        "host.export.project-secrets",
        `--scope project --mode inline would write the secrets of ${secretsWritten.join(", ")} into ${file}, a file meant to be committed`,
        {
          hint: "use --mode launcher (secrets stay in Connectory), or --scope user; --allow-secrets-in-project if you really mean it",
        },
      );
    }
    const input = {
      home: ctx.home,
      adapter,
      file,
      desired: entries,
      secretValues: config.secretValues,
      private: secretsWritten.length > 0,
      scope,
      mode,
      ...(gateway ? { gateway: true } : {}),
      ...(profile !== undefined ? { profile } : {}),
      now: ctx.now(),
      ...(args.values["replace-imported"] === true ? { adopt: await readImported(ctx.home, file) } : {}),
    };
    const write = args.values.write === true;
    const skillJob = {
      ...ctx,
      host: adapter.id,
      scope,
      config,
      now: input.now,
      ...(narrowed ? { only: narrowed.connectors } : {}),
    };
    // Planned first: a damaged skills.json stops the export before the host file is touched.
    let skills =
      args.values["no-skills"] === true ? undefined : await exportSkills({ ...skillJob, write: false });
    const result = write ? await writeHostExport(input) : await planHostExport(input);
    if (skills && write) skills = await exportSkills({ ...skillJob, write: true });

    for (const note of notes) warn(ctx, note);
    const launches = gateway || (mode === "launcher" ? servers.length > 0 : notes.length > 0);
    if (scope === "project" && launches && findOnPath(launcher.command, ctx.env) === undefined) {
      status(
        ctx,
        `note: ${path.basename(file)} starts \`${launcher.command}\` from PATH, and it is not on PATH here: install it with \`npm i -g connectory\` (or \`npm link\` in a Connectory checkout)`,
      );
    }
    if (secretsWritten.length > 0) {
      warn(
        ctx,
        `inline mode writes the secrets of ${secretsWritten.join(", ")} into ${file} (mode 0600); --mode launcher keeps them out`,
      );
    }
    const inactive = config.servers.length - all.length;
    if (inactive > 0 && !gateway)
      warn(ctx, `${inactive} server(s) are inactive and not exported: see \`connectory config --explain\``);

    const data = {
      host: adapter.id,
      scope,
      mode,
      gateway,
      profile: profile ?? null,
      ...result,
      notes,
      secretsWritten,
      skills: skills ?? null,
    };
    let text = summary(adapter.displayName, scope, result, write, skills);
    if (gateway)
      text += `\nThe gateway serves ${active.length === 0 ? "no active server yet" : active.map((s) => s.name).join(", ")} (at each start, whatever is active then).`;
    return { data, text };
  },
};
export default command;

/** The one entry of a gateway export: `connectory gateway [--profile p]` through the launcher. */
function gatewayEntries(adapter: HostAdapter, launcher: Launcher, profile: string | undefined) {
  const name = gatewayEntryName(profile);
  return {
    entries: { [name]: adapter.toEntry(name, gatewayServer(launcher, profile)) },
    secretsWritten: [] as string[],
    notes: [] as string[],
  };
}

function oneOf(value: unknown, allowed: string[], flag: string): string {
  if (value === undefined) return allowed[0] as string;
  if (typeof value === "string" && allowed.includes(value)) return value;
  throw usageError(`${flag} must be one of ${allowed.join(", ")}`);
}

/**
 * The scope of the export that last wrote `file` (hosts.json), else "project" when the file is the
 * host's project file of this folder; undefined leaves the default (user).
 */
async function recordedScope(
  ctx: CommandContext,
  host: HostId,
  file: string,
): Promise<HostScope | undefined> {
  const absolute = path.resolve(ctx.cwd, file);
  const { exports } = await readExports(ctx);
  const record = exports?.find((e) => e.file === absolute && e.host === host);
  if (record) return record.scope;
  return hostPathCandidates(host, "project", pathWorld(ctx)).includes(absolute) ? "project" : undefined;
}

/** The host file: --file, else the host's path for this OS and scope. */
function resolveFile(ctx: CommandContext, host: HostId, scope: HostScope, file: string | undefined): string {
  if (file !== undefined) return path.resolve(ctx.cwd, file);
  const candidates = hostPathCandidates(host, scope, pathWorld(ctx));
  const chosen = chooseHostPath(candidates, existsSync);
  if (!chosen) {
    throw new ConnectoryError("host.scope.unsupported", `${host} has no ${scope} config file`, {
      usage: true,
      hint:
        host === "cherry-studio"
          ? "use `connectory config copy <connector> --host cherry-studio`"
          : "try --scope user",
    });
  }
  return chosen;
}

/** True when any string of the rendered server contains a secret value. */
function holdsSecret(server: ServerSpec, secrets: readonly string[]): boolean {
  const text = JSON.stringify(server);
  return secrets.some((s) => s !== "" && text.includes(JSON.stringify(s).slice(1, -1)));
}

const LABEL: Record<EntryReport["action"], string> = {
  add: "+ add",
  update: "~ update",
  unchanged: "= unchanged",
  remove: "- remove",
  "user-edited": "! edited since connectory wrote it: left alone",
  "not-ours": "! not written by connectory: left alone",
};

function summary(
  host: string,
  scope: string,
  result: Awaited<ReturnType<typeof planHostExport>>,
  write: boolean,
  skills: SkillsExport | undefined,
): string {
  const lines = [`${host} (${scope}): ${result.file}`];
  if (result.diff !== "") lines.push("", result.diff.trimEnd(), "");
  for (const r of result.report) lines.push(`  ${LABEL[r.action]}  ${r.name}`);
  if (result.report.length === 0) lines.push("  (no servers to export)");
  if (skills) lines.push(...skillsSummary(skills));
  if (!result.changed && !skills?.changed) lines.push("No changes.");
  else if (!write) lines.push("Run again with --write to apply.");
  if (write && result.changed)
    lines.push(`Wrote ${result.file}${result.backup ? ` (previous version: ${result.backup})` : ""}`);
  if (write && skills?.changed) lines.push(`Updated the skills in ${skills.dir}`);
  return lines.join("\n");
}
