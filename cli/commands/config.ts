import path from "node:path";
import type { ExplainedServer } from "../../src/core/merge.js";
import { usageError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { reinstallCommand } from "../home/installed-store.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import { homePaths } from "../home/home.js";
import { overviewLines, skillsOverview } from "../hosts/skill-report.js";
import { warn } from "../terminal/output.js";
import { launchLine, originLabel, visibleServer } from "../terminal/server-view.js";
import { textTable } from "../terminal/text-table.js";
import { explainToolRules, toolRulesText } from "../gateway/explain-tool-rules.js";
import { profileMembers } from "../home/profiles-store.js";
import { authStates } from "../auth/auth-state.js";

const command: Command = {
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
{ "servers": [ { "name", "status", "auth"?, "reason"?, "origin", "server", "toolRules"? } ],
  "skills": [ { "connector", "active", "skills": [ { "skill", "folder", "exported": [ { "dir", "hosts" } ] } ] } ] },
where "toolRules" is { "allow", "deny", "profile"?, "hidden": [{ "tool", "rule" }] } (hidden: the pinned
tools the rules of \`connectory tools allow|deny\` hide, and why; with --profile, "profile" is
{ "name", "allow", "deny" }, that profile's own rules for the server, and hidden counts them too) and
"auth" is an OAuth server's sign-in state: signed-in, expired or needs-auth.`,
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
      throw usageError("--profile goes with --explain", "connectory config --explain --profile <name>");
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
      const profile = typeof args.values.profile === "string" ? args.values.profile : undefined;
      const rules = await explainToolRules(ctx.home, profile);
      const shown = profile ? await profileMembers(ctx.home, config, profile) : config.servers;
      const auth = await authStates(ctx.home, shown, ctx.now());
      const servers = shown.map((s) => ({
        name: s.name,
        status: s.status,
        ...(auth.has(s.name) ? { auth: auth.get(s.name) } : {}),
        ...(s.reason ? { reason: s.reason } : {}),
        origin: s.origin,
        server: view(s),
        ...(rules.has(s.name) ? { toolRules: rules.get(s.name) } : {}),
      }));
      const skills = await skillsOverview(ctx.home, config);
      const text = [
        explainText(shown, view, ctx.home, auth) + toolRulesText(rules),
        ...overviewLines(skills),
      ].join("\n\n");
      return { data: { servers, skills }, text };
    }
    const mcpServers = Object.fromEntries(
      config.servers.filter((s) => s.status === "active").map((s) => [s.name, view(s)]),
    );
    return { data: { mcpServers }, text: activeText(config.servers, view) };
  },
};
export default command;

type View = (s: ExplainedServer) => ReturnType<typeof visibleServer>;

function activeText(servers: ExplainedServer[], view: View): string {
  const active = servers.filter((s) => s.status === "active");
  const inactive = servers.length - active.length;
  const lines: string[] = [];
  if (active.length === 0) lines.push("No active servers.");
  else {
    lines.push(`Active servers (${active.length}):`);
    lines.push(
      textTable(
        ["NAME", "ORIGIN", "LAUNCH"],
        active.map((s) => [s.name, originLabel(s.origin), launchLine(view(s))]),
        "  ",
      ),
    );
  }
  if (inactive > 0) {
    lines.push(
      "",
      `${inactive} inactive server${inactive === 1 ? "" : "s"}: run \`connectory config --explain\` to see why.`,
    );
  } else if (servers.length === 0) {
    lines.push("Install a connector (connectory install <name>) or add your own (connectory mcp add).");
  }
  return lines.join("\n");
}

function explainText(
  servers: ExplainedServer[],
  view: View,
  home: string,
  auth: Map<string, string>,
): string {
  if (servers.length === 0) return "No servers: nothing is installed and mcp.json holds none.";
  // An active OAuth server that is not signed in shows needs-auth (connectory auth <server>).
  const shownStatus = (s: ExplainedServer) =>
    s.status === "active" && auth.has(s.name) && auth.get(s.name) !== "signed-in" ? "needs-auth" : s.status;
  const lines = [
    textTable(
      ["NAME", "STATUS", "ORIGIN", "LAUNCH"],
      servers.map((s) => [s.name, shownStatus(s), originLabel(s.origin), launchLine(view(s))]),
    ),
  ];
  const inactive = servers.filter((s) => s.reason);
  if (inactive.length > 0) {
    lines.push(
      "",
      "Why inactive:",
      textTable(
        ["", ""],
        inactive.map((s) => [s.name, s.reason ?? ""]),
        "  ",
      ).replace(/^.*\n/, ""),
    );
  }
  const renamed = servers.filter((s) => s.name !== s.sourceName);
  if (renamed.length > 0) {
    lines.push("", "Renamed to avoid a clash (see --help):");
    const rows = renamed.map((s) => [s.name, `is "${s.sourceName}" of ${originLabel(s.origin)}`]);
    lines.push(textTable(["", ""], rows, "  ").replace(/^.*\n/, ""));
  }
  // Each origin's exact file is in --json; here, where the two kinds live.
  const paths = homePaths(home);
  lines.push("", `Hand-written: ${paths.mcpJson}`);
  lines.push(
    `Connectors:   ${path.join(paths.cacheRoot, "<marketplace>", "<name>", "<version>", "mcp.json")}`,
  );
  return lines.join("\n");
}
