import { ConnectoryError } from "../errors.js";

/** The allow and deny lists of one server: tool names or globs (`*` any run of characters, `?` one). */
export interface ToolRules {
  allow?: string[];
  deny?: string[];
  /**
   * A profile's own rules for this server (`tools allow|deny --profile`), applied on top: a tool is
   * shown only when both the server's rules and the profile's show it.
   */
  profile?: { name: string; rules: ToolRules };
}

/** Whether one tool is shown, and when it is not, the rule that hides it (in words for a person). */
export type ToolVerdict = { visible: true } | { visible: false; rule: string };

const MAX_PATTERN = 200;
const MAX_PATTERNS = 500;

/**
 * Judges one tool of `server` against its rules: a matching deny pattern hides it (deny wins); with
 * an allow list, a tool no allow pattern matches is hidden; otherwise it is visible.
 */
export function judgeTool(server: string, rules: ToolRules | undefined, tool: string): ToolVerdict {
  const own = judgeOwn(server, rules, tool);
  if (!own.visible || !rules?.profile) return own;
  return judgeOwn(`${server} in profile ${rules.profile.name}`, rules.profile.rules, tool);
}

/** True when the rules (or their profile's) have any pattern at all. */
export function hasRules(rules: ToolRules | undefined): boolean {
  if (!rules) return false;
  return (rules.allow ?? []).length > 0 || (rules.deny ?? []).length > 0 || hasRules(rules.profile?.rules);
}

/** A server's rules with a profile's rules for it layered on (undefined when neither has any). */
export function layerRules(
  server: ToolRules | undefined,
  profile: { name: string; rules: ToolRules | undefined } | undefined,
): ToolRules | undefined {
  if (!profile?.rules || !hasRules(profile.rules)) return server;
  return { ...(server ?? {}), profile: { name: profile.name, rules: profile.rules } };
}

function judgeOwn(server: string, rules: ToolRules | undefined, tool: string): ToolVerdict {
  const deny = rules?.deny?.find((p) => globMatch(p, tool));
  if (deny !== undefined) return { visible: false, rule: `deny ${JSON.stringify(deny)} of ${server}` };
  const allow = rules?.allow ?? [];
  if (allow.length > 0 && !allow.some((p) => globMatch(p, tool)))
    return {
      visible: false,
      rule: `not in the allow list of ${server} (${allow.map((p) => JSON.stringify(p)).join(", ")})`,
    };
  return { visible: true };
}

/** True when `pattern` (with `*` and `?`) matches the whole of `name`. */
export function globMatch(pattern: string, name: string): boolean {
  const source = [...pattern]
    .map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`, "su").test(name);
}

/** Checks patterns typed by a user; throws `tools.pattern.invalid` naming the first bad one. */
export function checkPatterns(patterns: readonly string[]): void {
  for (const p of patterns) {
    const problem =
      p === ""
        ? "is empty"
        : p.length > MAX_PATTERN
          ? `is longer than ${MAX_PATTERN} characters`
          : // eslint-disable-next-line no-control-regex
            /[\u0000-\u001f\u007f]/.test(p)
            ? "contains a control character"
            : undefined;
    if (problem)
      throw new ConnectoryError(
        "tools.pattern.invalid",
        `the tool pattern ${JSON.stringify(p.slice(0, 40))} ${problem}`,
        {
          hint: "give a tool name, or a glob with * and ? (for example `delete_*`)",
          usage: true,
        },
      );
  }
  if (patterns.length > MAX_PATTERNS)
    throw new ConnectoryError(
      "tools.pattern.invalid",
      `more than ${MAX_PATTERNS} tool patterns for one server`,
      {
        hint: "use globs (`*`, `?`) to cover many tools with one pattern",
        usage: true,
      },
    );
}

/**
 * Adds patterns to one list of the rules (no duplicates, in the order given) and takes the same
 * patterns off the other list: the last word on a pattern is the one that counts.
 */
export function addPatterns(
  rules: ToolRules | undefined,
  list: "allow" | "deny",
  patterns: readonly string[],
): ToolRules {
  const other = list === "allow" ? "deny" : "allow";
  const current = rules?.[list] ?? [];
  const added = [...new Set(patterns)].filter((p) => !current.includes(p));
  const kept = (rules?.[other] ?? []).filter((p) => !patterns.includes(p));
  const out: ToolRules = { [list]: [...current, ...added] };
  if (kept.length > 0) out[other] = kept;
  return out;
}

/** One server's rules from a by-name map (own keys only: a server may not be named `__proto__`'s way in). */
export function ownRules(rules: Record<string, ToolRules>, server: string): ToolRules | undefined {
  return Object.hasOwn(rules, server) ? rules[server] : undefined;
}

/** A listed tool that rules hide, and the rule. */
export interface HiddenTool {
  tool: string;
  rule: string;
}

/** `{ hidden }` for the tools the rules hide, or `{}` when the server has no rules (for views). */
export function hiddenTools(
  server: string,
  rules: ToolRules | undefined,
  tools: ReadonlyArray<{ name: string }>,
): { hidden?: HiddenTool[] } {
  if (!rules) return {};
  return {
    hidden: tools.flatMap((t) => {
      const verdict = judgeTool(server, rules, t.name);
      return verdict.visible ? [] : [{ tool: t.name, rule: verdict.rule }];
    }),
  };
}
