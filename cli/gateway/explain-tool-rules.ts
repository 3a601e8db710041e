import { judgeTool, type ToolRules } from "../../src/core/tools/tool-rules.js";
import { readPins } from "../home/pins-store.js";
import { readToolRules, rulesFor } from "../home/tool-rules-store.js";

/** One server's rules as `config --explain` shows them: the lists, and which pinned tools they hide. */
export interface ExplainedRules {
  allow: string[];
  deny: string[];
  /** With --profile: that profile's own rules for the server, applied on top. */
  profile?: { name: string; allow: string[]; deny: string[] };
  hidden: Array<{ tool: string; rule: string }>;
}

/**
 * The rules of every server that has some (with `profile`, that profile's own layered on), with the
 * pinned tools each hides (offline: pins only).
 */
export async function explainToolRules(home: string, profile?: string): Promise<Map<string, ExplainedRules>> {
  const [file, pins] = await Promise.all([readToolRules(home), readPins(home)]);
  const out = new Map<string, ExplainedRules>();
  for (const [server, r] of Object.entries(rulesFor(file, profile)) as Array<[string, ToolRules]>) {
    const pinned = Object.hasOwn(pins.servers, server) ? Object.keys(pins.servers[server]?.tools ?? {}) : [];
    const hidden = pinned.flatMap((tool) => {
      const verdict = judgeTool(server, r, tool);
      return verdict.visible ? [] : [{ tool, rule: verdict.rule }];
    });
    const own = r.profile;
    out.set(server, {
      allow: r.allow ?? [],
      deny: r.deny ?? [],
      ...(own
        ? { profile: { name: own.name, allow: own.rules.allow ?? [], deny: own.rules.deny ?? [] } }
        : {}),
      hidden,
    });
  }
  return out;
}

/** The "Tool rules:" part of `config --explain`'s text ("" when there are none). */
export function toolRulesText(rules: Map<string, ExplainedRules>): string {
  if (rules.size === 0) return "";
  const lines = ["", "", "Tool rules (connectory tools allow|deny|reset):"];
  const list = (l: string[]) => (l.length ? l.join(", ") : "(none)");
  for (const [server, r] of rules) {
    lines.push(`  ${server}: allow ${list(r.allow)}; deny ${list(r.deny)}`);
    if (r.profile)
      lines.push(
        `  ${server} in profile ${r.profile.name}: allow ${list(r.profile.allow)}; deny ${list(r.profile.deny)}`,
      );
    for (const h of r.hidden) lines.push(`    hides ${h.tool}: ${h.rule}`);
  }
  return lines.join("\n");
}
