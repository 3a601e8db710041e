/** `connectory config`'s text views of the effective server set (plain and --explain). */
import type { CommandResult } from "../command.js";
import type { CommandContext } from "../context.js";
import type { EffectiveConfig } from "./effective-config.js";
import { overviewLines, skillsOverview } from "../hosts/skill-report.js";
import { explainToolRules, toolRulesText } from "../gateway/explain-tool-rules.js";
import { controlsText, explainControls } from "../gateway/explain-controls.js";
import { profileMembers } from "./profiles-store.js";
import { authStates } from "../auth/auth-state.js";
import path from "node:path";
import type { ExplainedServer } from "../../src/core/merge.js";
import { homePaths } from "./home.js";
import { launchLine, originLabel, visibleServer } from "../terminal/server-view.js";
import { say } from "../terminal/language.js";
import { textTable } from "../terminal/text-table.js";
import { inactiveReason, inactiveReasonEnglish } from "../terminal/inactive-reason.js";

export type View = (s: ExplainedServer) => ReturnType<typeof visibleServer>;

/** `connectory config`'s text: the active servers, one launch line each. */
export function activeText(servers: ExplainedServer[], view: View): string {
  const active = servers.filter((s) => s.status === "active");
  const inactive = servers.length - active.length;
  const lines: string[] = [];
  if (active.length === 0) lines.push(say("config.none"));
  else {
    lines.push(say("config.active", { n: active.length }));
    lines.push(
      textTable(
        [say("config.h-name"), say("config.h-origin"), say("config.h-launch")],
        active.map((s) => [s.name, originLabel(s.origin), launchLine(view(s))]),
        "  ",
      ),
    );
  }
  if (inactive > 0) {
    lines.push("", say(inactive === 1 ? "config.inactive-one" : "config.inactive-other", { n: inactive }));
  } else if (servers.length === 0) {
    lines.push(say("config.start"));
  }
  return lines.join("\n");
}

export function explainText(
  servers: ExplainedServer[],
  view: View,
  home: string,
  auth: Map<string, string>,
): string {
  if (servers.length === 0) return say("config.no-servers");
  // An active OAuth server that is not signed in shows needs-auth (connectory auth <server>).
  const shownStatus = (s: ExplainedServer) =>
    s.status === "active" && auth.has(s.name) && auth.get(s.name) !== "signed-in" ? "needs-auth" : s.status;
  const lines = [
    textTable(
      [say("config.h-name"), say("config.h-status"), say("config.h-origin"), say("config.h-launch")],
      servers.map((s) => [s.name, shownStatus(s), originLabel(s.origin), launchLine(view(s))]),
    ),
  ];
  const inactive = servers.filter((s) => s.why);
  if (inactive.length > 0) {
    lines.push(
      "",
      say("config.why"),
      textTable(
        ["", ""],
        inactive.map((s) => [s.name, inactiveReason(s) ?? ""]),
        "  ",
      ).replace(/^.*\n/, ""),
    );
  }
  const renamed = servers.filter((s) => s.name !== s.sourceName);
  if (renamed.length > 0) {
    lines.push("", say("config.renamed"));
    const rows = renamed.map((s) => [
      s.name,
      say("config.renamed-from", { source: s.sourceName, origin: originLabel(s.origin) }),
    ]);
    lines.push(textTable(["", ""], rows, "  ").replace(/^.*\n/, ""));
  }
  // Each origin's exact file is in --json; here, where the two kinds live.
  const paths = homePaths(home);
  lines.push("", say("config.hand-written", { path: paths.mcpJson }));
  lines.push(
    say("config.connectors", {
      path: path.join(paths.cacheRoot, "<marketplace>", "<name>", "<version>", "mcp.json"),
    }),
  );
  return lines.join("\n");
}

/** `config --explain` (optionally for one profile): where each server came from and why any is inactive. */
export async function explainConfig(
  ctx: CommandContext,
  config: EffectiveConfig,
  view: View,
  profile: string | undefined,
): Promise<CommandResult> {
  const rules = await explainToolRules(ctx.home, profile);
  const shown = profile ? await profileMembers(ctx.home, config, profile) : config.servers;
  const auth = await authStates(ctx.home, shown, ctx.now());
  const controls = await explainControls(
    ctx.home,
    shown.map((s) => s.name),
    profile,
  );
  const servers = shown.map((s) => ({
    name: s.name,
    status: s.status,
    ...(auth.has(s.name) ? { auth: auth.get(s.name) } : {}),
    ...(s.why ? { reason: inactiveReasonEnglish(s) } : {}),
    origin: s.origin,
    server: view(s),
    ...(rules.has(s.name) ? { toolRules: rules.get(s.name) } : {}),
    ...controls.get(s.name),
  }));
  const skills = await skillsOverview(ctx.home, config);
  const text = [
    explainText(shown, view, ctx.home, auth) + toolRulesText(rules) + controlsText(controls),
    ...overviewLines(skills),
  ].join("\n\n");
  return { data: { servers, skills }, text };
}
