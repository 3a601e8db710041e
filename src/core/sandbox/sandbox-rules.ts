// What `run --explain-sandbox` shows of a sandbox: each rule with why, in English and by a stable code
// with its values (the CLI says the code from its tables, src/core stays free of them). Shared by the
// bubblewrap (bwrap-args.ts) and Seatbelt (seatbelt-profile.ts) launches.

/** One rule, for `run --explain-sandbox`. */
export interface SandboxRule {
  kind: "read" | "read-write" | "private" | "network" | "process";
  path?: string;
  /** Why, in English. */
  why: string;
  /** Why, by a stable code with its values: the CLI says it from its tables (`sandbox-rule.<code>`). */
  code?: SandboxRuleCode;
  params?: Record<string, string>;
}

/** The reasons of the rules, by code. */
export type SandboxRuleCode =
  | "network-any"
  | "network-hosts"
  | "network-none"
  | "system"
  | "etc"
  | "private-tmp"
  | "process"
  | "command"
  | "connector-files"
  | "cache"
  | "declared"
  | "home"
  | "seatbelt-process"
  | "seatbelt-network-any"
  | "seatbelt-network-hosts"
  | "seatbelt-network-none"
  | "seatbelt-tmpdir"
  | "seatbelt-home"
  | "fetch"
  | "fetch-npx";

/** A mount of the launch, with why (English and by code). */
export interface RuleMount {
  path: string;
  write: boolean;
  why: string;
  code: SandboxRuleCode;
  params?: Record<string, string>;
}

/** The mounts every launch has besides its grants: its command, its package, its launcher's cache. */
export function launchMounts(
  launch: { command: string },
  facts: { pluginRoot?: string; toolPaths?: string[] },
  /** The launcher's caches (launcherCaches in bwrap-args.ts). */
  caches: readonly string[],
): RuleMount[] {
  const mounts: RuleMount[] = [];
  for (const p of facts.toolPaths ?? [])
    mounts.push({ path: p, write: false, why: "the server's command", code: "command" });
  if (facts.pluginRoot)
    mounts.push({
      path: facts.pluginRoot,
      write: false,
      why: "the connector's files",
      code: "connector-files",
    });
  for (const p of caches)
    mounts.push({
      path: p,
      write: true,
      why: `${launch.command}'s cache`,
      code: "cache",
      params: { command: launch.command },
    });
  return mounts;
}

/** The rules both sandboxes show for their system folders and /etc. */
export function systemRules(dirs: readonly string[]): SandboxRule[] {
  return [
    { kind: "read", path: dirs.join(" "), why: "system programs and libraries", code: "system" },
    { kind: "read", path: "/etc (selected files)", why: "name resolution, TLS, users, time", code: "etc" },
  ];
}

/** A mount as a rule. */
export function mountRule(m: RuleMount): SandboxRule {
  return {
    kind: m.write ? "read-write" : "read",
    path: m.path,
    why: m.why,
    code: m.code,
    ...(m.params ? { params: m.params } : {}),
  };
}
