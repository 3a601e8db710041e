import { judgeTool, type ToolRules } from "../../src/core/tools/tool-rules.js";
import { readPins } from "../home/pins-store.js";
import { readToolRules } from "../home/tool-rules-store.js";

/** One server's rules as `config --explain` shows them: the lists, and which pinned tools they hide. */
export interface ExplainedRules {
  allow: string[];
  deny: string[];
  hidden: Array<{ tool: string; rule: string }>;
}

/** The rules of every server that has some, with the pinned tools each hides (offline: pins only). */
export async function explainToolRules(home: string): Promise<Map<string, ExplainedRules>> {
  const [rules, pins] = await Promise.all([readToolRules(home), readPins(home)]);
  const out = new Map<string, ExplainedRules>();
  for (const [server, r] of Object.entries(rules.servers) as Array<[string, ToolRules]>) {
    const pinned = Object.hasOwn(pins.servers, server) ? Object.keys(pins.servers[server]?.tools ?? {}) : [];
    const hidden = pinned.flatMap((tool) => {
      const verdict = judgeTool(server, r, tool);
      return verdict.visible ? [] : [{ tool, rule: verdict.rule }];
    });
    out.set(server, { allow: r.allow ?? [], deny: r.deny ?? [], hidden });
  }
  return out;
}

/** The "Tool rules:" part of `config --explain`'s text ("" when there are none). */
export function toolRulesText(rules: Map<string, ExplainedRules>): string {
  if (rules.size === 0) return "";
  const lines = ["", "", "Tool rules (connectory tools allow|deny|reset):"];
  for (const [server, r] of rules) {
    const list = (l: string[]) => (l.length ? l.join(", ") : "(none)");
    lines.push(`  ${server}: allow ${list(r.allow)}; deny ${list(r.deny)}`);
    for (const h of r.hidden) lines.push(`    hides ${h.tool}: ${h.rule}`);
  }
  return lines.join("\n");
}
