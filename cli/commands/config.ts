/** `config` (the effective server set), `config export` (into a host's file, cli/hosts/export-to-host.ts) and `config copy`. */
import type { ExplainedServer } from "../../src/core/merge.js";
import { defineCommand } from "../command.js";
import { activeText, explainConfig } from "../home/effective-config-text.js";
import { findInstalled, readInstalled, reinstallCommand } from "../home/installed-store.js";
import { loadEffectiveConfig, readCachedServers } from "../home/effective-config.js";
import { warn } from "../terminal/output.js";
import { visibleServer } from "../terminal/server-view.js";
import { localizedUsageError, say } from "../terminal/language.js";
import path from "node:path";
import { HOST_CHOICES } from "../hosts/host-choices.js";
import { exportToHost } from "../hosts/export-to-host.js";
import { getHost } from "../../src/core/hosts/index.js";
import { hostSnippet } from "../../src/core/hosts/snippet.js";
import type { CredentialRef, Snippet } from "../../src/core/hosts/types.js";
import { defaultHome } from "../context.js";
import { defaultLauncher } from "../hosts/host-files.js";

const command = defineCommand({
  usage: "config [--explain [--profile <name>]] [--show-secrets] [--json]",
  description: `
Prints the effective server set: your trusted hand-written servers (mcp.json) plus the servers of
enabled connectors whose required credentials are complete, with \${KEY} and \${PLUGIN_ROOT} rendered.
Reads local files only, so it works offline.

--explain lists every server of every source with its origin and, when inactive, the reason:
  disabled            its connector is disabled (connectory enable <name>)
  untrusted           a hand-written server not trusted, or edited since (connectory trust <server>)
  needs-credentials   required credentials are missing (connectory credentials set <name>)
  shadowed            another server has its name
An active remote server that signs in with OAuth and has no working sign-in shows needs-auth
(connectory auth <server>).

Naming: a connector server keeps its own name. When several installed connectors (enabled or not)
provide the same server name, the one installed first keeps it (installedAt in plugins/installed.json;
ties by <name>@<marketplace>) and each later one becomes <connector>-<server>, or
<connector>-<marketplace>-<server> if that is taken too. So installing a connector never renames a
server you already exported to a host (\`connectory run <server>\` keeps working). A hand-written server
always wins its name; a connector server with the same name is reported as shadowed, never dropped
silently.

Secrets (values of secret credentials, URLs carrying one, secret-looking hand-written env and header
values) print as *** unless --show-secrets.

--explain also lists each connector's skills and the skills folders \`config export\` copied them to.
--explain --profile <name> explains only the servers that profile's members name (active or not).

--json prints { "mcpServers": { … } } (the active set); with --explain,
{ "servers": [ { "name", "status", "auth"?, "reason"?, "origin", "server", "toolRules"?, "guards", "limits", "profileLimits"? } ],
  "skills": [ { "connector", "active", "skills": [ { "skill", "folder", "exported": [ { "dir", "hosts" } ] } ] } ] },
where "toolRules" is { "allow", "deny", "profile"?, "hidden": [{ "tool", "rule" }] } (hidden: the pinned
tools the rules of \`connectory tools allow|deny\` hide, and why; with --profile, "profile" is
{ "name", "allow", "deny" }, that profile's own rules for the server, and hidden counts them too) and
"auth" is an OAuth server's sign-in state: signed-in, expired or needs-auth. "guards" is the mode of
each guard kind ({ "secrets", "unicode", "injection" }: mask, warn, block or off; \`connectory guard\`)
and "limits" the rate limits by tool (\`connectory tools limit\`; "profileLimits": --profile's own).`,
  options: {
    explain: { type: "boolean", description: "say where each server came from and why any is inactive" },
    profile: {
      type: "string",
      value: "name",
      description: "with --explain: only the servers of this profile (connectory profile show)",
    },
    "show-secrets": {
      type: "boolean",
      description: "print secret values instead of *** (default: redacted)",
    },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    if (args.values.profile !== undefined && args.values.explain !== true)
      throw localizedUsageError(
        { key: "config.profile-needs-explain" },
        { key: "config.example", params: { command: "connectory config --explain --profile <name>" } },
      );
    const config = await loadEffectiveConfig(ctx.home);
    for (const b of config.broken) {
      warn(
        ctx,
        `${b.key} is installed but cannot be read: ${b.message}; repair it: ${reinstallCommand(b.entry)}`,
      );
    }
    const show = args.values["show-secrets"] === true;
    const view = (s: ExplainedServer) => visibleServer(s.server, config.secretValues, show);

    if (args.values.explain === true) {
      return explainConfig(ctx, config, view, args.values.profile);
    }
    const mcpServers = Object.fromEntries(
      config.servers.filter((s) => s.status === "active").map((s) => [s.name, view(s)]),
    );
    return { data: { mcpServers }, text: activeText(config.servers, view) };
  },
});
export default command;

export const exportCommand = defineCommand({
  usage:
    "config export --host <host> [--scope user|project] [--mode launcher|inline] [--file <path>] [--write] [--no-skills] [--replace-imported] [--allow-secrets-in-project] [--profile <name>] [--gateway] [--as-extension]",
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
leave the host file (the previous file is backed up). Without it they are reported and left alone.

--as-extension (gemini-cli only) writes a Gemini CLI extension instead of settings.json: a folder
$CONNECTORY_HOME/exports/gemini-cli/connectory (--file <parent>/connectory to choose; connectory-<profile>
with --profile) holding gemini-extension.json, whose mcpServers are the launcher (or --gateway) entries,
and GEMINI.md. Install it with \`gemini extensions install <folder>\`; \`gemini extensions list\` then
shows it. Only launcher entries: no secret enters the folder.`,
  options: {
    host: {
      type: "string",
      value: "host",
      complete: HOST_CHOICES,
      description: "the MCP host whose file to write (required), e.g. claude-code, cursor",
    },
    scope: {
      type: "string",
      value: "user|project",
      complete: ["user", "project"],
      description:
        "the host's user file or this folder's project file (default user, or the scope recorded for --file)",
    },
    mode: {
      type: "string",
      value: "launcher|inline",
      complete: ["launcher", "inline"],
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
    "as-extension": {
      type: "boolean",
      description:
        "gemini-cli only: write a Gemini CLI extension folder (for `gemini extensions install`) instead of settings.json",
    },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    const v = args.values;
    if (v.host === undefined)
      throw localizedUsageError(
        { key: "config.host-required" },
        { key: "config.example", params: { command: "connectory config export --host claude-code" } },
      );
    return exportToHost(ctx, {
      host: v.host,
      scope: v.scope,
      mode: v.mode,
      file: v.file,
      profile: v.profile,
      write: v.write,
      gateway: v.gateway,
      noSkills: v["no-skills"],
      replaceImported: v["replace-imported"],
      allowSecretsInProject: v["allow-secrets-in-project"],
      asExtension: v["as-extension"],
    });
  },
});

export const copyCommand = defineCommand({
  usage: "config copy <name>[@marketplace] --host <host>",
  description: `
Prints one installed connector's servers as a snippet for a host, plus its one-click install link
where the host has one (cursor, vscode, cherry-studio, goose). Credentials appear as the host's own
secret reference (\${input:…} for VS Code, \${env:…} for Cursor/Windsurf/Roo Code, \${VAR} for Claude
Code and Gemini CLI, env_vars / bearer_token_env_var / env_http_headers for Codex, env_keys for goose)
or as a <KEY> placeholder: a stored secret is never printed.`,
  options: {
    host: {
      type: "string",
      value: "host",
      complete: HOST_CHOICES,
      description: "the MCP host to print the snippet for (required), e.g. cursor, vscode",
    },
  },
  positionals: { min: 1, max: 1, complete: ["connector"] },
  async run(args, ctx) {
    if (args.values.host === undefined)
      throw localizedUsageError(
        { key: "config.host-required" },
        { key: "config.example", params: { command: "connectory config copy weather --host cursor" } },
      );
    const adapter = getHost(args.values.host);
    const { key, entry } = findInstalled(await readInstalled(ctx.home), args.positionals[0] as string);
    const cached = await readCachedServers(ctx.home, entry);
    const credentials: CredentialRef[] = Object.entries(cached.tokenSchema?.properties ?? {}).map(
      ([k, p]) => ({
        key: k,
        secret: p.secret === true,
        ...(p.title ? { title: p.title } : {}),
        ...(p.description ? { description: p.description } : {}),
      }),
    );
    const launcher = defaultLauncher(ctx.env, ctx.home, defaultHome({}));
    const snippets = Object.entries(cached.servers).map(([name, template]) => ({
      server: name,
      ...hostSnippet(adapter, name, template, {
        server: name,
        credentials,
        pluginRoot: cached.pluginRoot,
        launcher,
      }),
    }));
    return {
      data: { connector: key, host: adapter.id, snippets },
      text: snippets.map((s) => snippetText(s.server, adapter.displayName, s)).join("\n"),
    };
  },
});

/** The human form: the fragment, then the link and what the user still has to fill in. */
export function snippetText(server: string, host: string, snippet: Snippet): string {
  const lines = [say("copy.heading", { server, host }), snippet.text.trimEnd()];
  if (snippet.deeplink) lines.push("", say("copy.link", { link: snippet.deeplink }));
  for (const p of snippet.placeholders) lines.push(`  ${p.key}: ${p.how}`);
  for (const note of snippet.notes) lines.push(say("copy.note", { note }));
  return lines.join("\n") + "\n";
}
