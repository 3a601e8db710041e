import type { Language } from "../text/language.js";
import type { StabilityEvidence } from "./evidence.js";
import { QUALITY_GROUPS, type QualityDocument } from "./types.js";
import { itemText, qualityWord } from "./words.js";

// The quality and the live check as plain lines, in a reader's language (the CLI's `info`). The items
// say themselves through their keys (words.ts); English is the default and what a test reads.

/**
 * The live check as plain lines: the latest status with its latency, time and age, then the uptime over
 * 7 and 30 days with how many checks that is.
 */
export function stabilityLines(s: StabilityEvidence, now: Date, lang: Language = "en"): string[] {
  const w = (key: Parameters<typeof qualityWord>[1], params?: Record<string, string | number>) =>
    qualityWord(lang, key, params);
  const l = s.latest;
  const parts = [w(`check.${l.status}`)];
  if (l.latencyMs !== undefined) parts.push(w("live.latency", { ms: Math.round(l.latencyMs) }));
  if (l.toolCount !== undefined)
    parts.push(l.toolCount === 1 ? w("live.tools-one") : w("live.tools", { count: l.toolCount }));
  if (l.error) parts.push(l.error);
  const kind = w(l.kind === "bundled" ? "live.kind-bundled" : "live.kind-remote");
  const age = ageText(l.checkedAt, now, lang);
  const lines = [w("live.line", { parts: parts.join(w("list.separator")), kind, at: l.checkedAt, age })];
  const pct = (u: number | undefined, n: number) =>
    u === undefined
      ? w("live.no-checks")
      : w(n === 1 ? "live.share-one" : "live.share", {
          share: (Math.floor(u * 1000) / 10).toString(),
          count: n,
        });
  if (l.kind === "remote")
    lines.push(w("live.uptime", { week: pct(s.uptime7d, s.checks7d), month: pct(s.uptime30d, s.checks30d) }));
  return lines;
}

function ageText(at: string, now: Date, lang: Language): string {
  const ms = now.getTime() - Date.parse(at);
  if (!Number.isFinite(ms) || ms < 0) return "";
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return qualityWord(lang, "age.now");
  if (minutes < 60) return qualityWord(lang, "age.minutes", { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return qualityWord(lang, "age.hours", { n: hours });
  return qualityWord(lang, "age.days", { n: Math.floor(hours / 24) });
}

/** The checklist as plain lines: the score, then each item with its mark and fix. */
export function qualityLines(q: QualityDocument, lang: Language = "en"): string[] {
  const lines = [qualityWord(lang, "lines.score", { score: q.score })];
  if (q.check) {
    const status = qualityWord(lang, `check.${q.check.status}`);
    lines.push(qualityWord(lang, "lines.latest", { at: q.check.checkedAt, status }));
  }
  for (const group of QUALITY_GROUPS) {
    const items = q.items.filter((i) => i.group === group);
    if (items.length === 0) continue;
    const counted = items.filter((i) => i.applies !== false);
    const earned = counted.reduce((s, i) => s + i.points, 0);
    const max = counted.reduce((s, i) => s + i.max, 0);
    lines.push(qualityWord(lang, "lines.group", { group: qualityWord(lang, `group.${group}`), earned, max }));
    for (const i of items) {
      const { reason, fix } = itemText(i, lang);
      if (i.applies === false) {
        lines.push(qualityWord(lang, "lines.not-counted", { reason }));
        continue;
      }
      lines.push(`    ${i.pass ? "✓" : "✗"} ${reason} (${i.points}/${i.max})`);
      if (!i.pass && fix) lines.push(qualityWord(lang, "lines.to-raise", { fix }));
    }
  }
  return lines;
}

/**
 * The score in one line, and what would raise it most (the failed item worth the most points), for
 * `info`; the checklist is `info --quality` (qualityLines).
 */
export function qualitySummary(q: QualityDocument, lang: Language = "en"): string {
  const top = q.items.filter((i) => !i.pass && i.applies !== false).sort((a, b) => b.max - a.max)[0];
  return top
    ? qualityWord(lang, "summary.top", { score: q.score, reason: itemText(top, lang).reason, max: top.max })
    : qualityWord(lang, "summary.score", { score: q.score });
}
