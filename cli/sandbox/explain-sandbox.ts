import type { SandboxRule, SandboxRuleCode } from "../../src/core/sandbox/sandbox-rules.js";
import type { SandboxRequest } from "../../src/core/sandbox/permissions.js";
import { isRemote, type ServerSpec } from "../../src/core/types.js";
import { stdioLaunch } from "../mcp/child-env.js";
import { say } from "../terminal/language.js";
import type { CliMessageKey } from "../terminal/messages-en.js";
import { planLaunch } from "./sandbox-launch.js";

// `run --explain-sandbox`: what a server would run under, in the run's language (the rules' reasons by
// their code, src/core/sandbox/sandbox-rules.ts).

/** `run --explain-sandbox`: the rules a server would run under, as text. */
export async function explainSandbox(
  server: { name: string; server: ServerSpec; sandbox?: SandboxRequest },
  ctx: {
    env: Record<string, string | undefined>;
    cwd: string;
    home: string;
    platform?: NodeJS.Platform;
    sandboxExec?: string;
  },
): Promise<string> {
  if (isRemote(server.server)) return say("sandbox-plan.remote", { server: server.name });
  const planned = await planLaunch(stdioLaunch(server.server, ctx), server.sandbox, {
    ...ctx,
    explainOnly: true,
  });
  if (!planned.sandboxed) {
    const reason = planned.reason ?? { key: "sandbox-plan.unrestricted" };
    return say("sandbox-plan.unsandboxed", { server: server.name, reason: say(reason.key, reason.params) });
  }
  if (planned.sandbox === "sandbox-exec") {
    const lines = [say("sandbox-plan.seatbelt", { server: server.name, command: planned.launch.command })];
    for (const line of ruleLines(planned.rules)) lines.push(`  ${line}`);
    lines.push(say("sandbox-plan.seatbelt-profile"));
    for (const line of (planned.profile ?? "").split("\n")) lines.push(`  ${line}`);
    lines.push(
      say("sandbox-plan.command-line"),
      `  ${[planned.launch.command, "-p", say("sandbox-plan.the-profile"), ...planned.launch.args.slice(2)].join(" ")}`,
    );
    return lines.join("\n");
  }
  const lines = [say("sandbox-plan.bwrap", { server: server.name, command: planned.launch.command })];
  for (const line of ruleLines(planned.rules)) lines.push(`  ${line}`);
  lines.push(
    say("sandbox-plan.bwrap-rest"),
    `  ${[planned.launch.command, ...planned.launch.args].join(" ")}`,
  );
  return lines.join("\n");
}

/** A rule's reason by its code (src/core/sandbox keeps the English words). */
const RULE_WORDS = {
  "network-any": "sandbox-rule.network-any",
  "network-hosts": "sandbox-rule.network-hosts",
  "network-none": "sandbox-rule.network-none",
  system: "sandbox-rule.system",
  etc: "sandbox-rule.etc",
  "private-tmp": "sandbox-rule.private-tmp",
  process: "sandbox-rule.process",
  command: "sandbox-rule.command",
  "connector-files": "sandbox-rule.connector-files",
  cache: "sandbox-rule.cache",
  declared: "sandbox-rule.declared",
  home: "sandbox-rule.home",
  "seatbelt-process": "sandbox-rule.seatbelt-process",
  "seatbelt-network-any": "sandbox-rule.seatbelt-network-any",
  "seatbelt-network-hosts": "sandbox-rule.seatbelt-network-hosts",
  "seatbelt-network-none": "sandbox-rule.seatbelt-network-none",
  "seatbelt-tmpdir": "sandbox-rule.seatbelt-tmpdir",
  "seatbelt-home": "sandbox-rule.seatbelt-home",
  fetch: "sandbox-rule.fetch",
  "fetch-npx": "sandbox-rule.fetch-npx",
} as const satisfies Record<SandboxRuleCode, CliMessageKey>;

/** The rules as lines, each reason from the tables by its code (else the core's English). */
function ruleLines(rules: readonly SandboxRule[]): string[] {
  return rules.map((r) => {
    const why = r.code ? say(RULE_WORDS[r.code], r.params) : r.why;
    return `${r.kind.padEnd(10)} ${r.path ? `${r.path}: ` : ""}${why}`;
  });
}
