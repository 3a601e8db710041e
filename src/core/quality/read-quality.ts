import type { CheckResult, StabilityEvidence } from "./evidence.js";
import { QUALITY_GROUPS, type QualityDocument, type QualityGroup, type QualityItem } from "./types.js";

// A `quality` object as another registry may send it: kept only in the shape Connectory writes, with
// numbers in range and text bounded, so a hostile registry cannot make `info` print a lie about the shape
// or flood the terminal. (The text is still the registry's word; the CLI prints it through printable().)

const MAX_ITEMS = 64;
const MAX_TEXT = 500;
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === "string" ? v.slice(0, MAX_TEXT) : undefined);
const count = (v: unknown, max: number) =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= max ? v : undefined;

/** The quality a connector document carries, if it has the documented shape; undefined otherwise. */
export function readQuality(raw: unknown): QualityDocument | undefined {
  if (!isObject(raw) || !Array.isArray(raw.items)) return undefined;
  const score = count(raw.score, 100);
  if (score === undefined) return undefined;
  const items = raw.items.slice(0, MAX_ITEMS).flatMap((i): QualityItem[] => {
    if (!isObject(i)) return [];
    const id = text(i.id);
    const reason = text(i.reason);
    const max = count(i.max, 100);
    const points = count(i.points, 100);
    const group = QUALITY_GROUPS.includes(i.group as QualityGroup) ? (i.group as QualityGroup) : undefined;
    if (!id || reason === undefined || max === undefined || points === undefined || !group) return [];
    const fix = text(i.fix);
    return [{ id, group, pass: i.pass === true, points, max, reason, ...(fix ? { fix } : {}) }];
  });
  const check = readCheck(raw.check);
  return {
    score: Math.round(score),
    formula: count(raw.formula, 1_000_000) ?? 0,
    computedAt: text(raw.computedAt) ?? "",
    version: text(raw.version) ?? null,
    items,
    ...(check ? { check } : {}),
  };
}

/** The `checks` a connector document carries (the live checker's summary), if it has the documented shape. */
export function readStability(raw: unknown): StabilityEvidence | undefined {
  if (!isObject(raw)) return undefined;
  const latest = readCheck(raw.latest);
  if (!latest) return undefined;
  const uptime7d = count(raw.uptime7d, 1);
  const uptime30d = count(raw.uptime30d, 1);
  return {
    latest,
    ...(uptime7d !== undefined ? { uptime7d } : {}),
    ...(uptime30d !== undefined ? { uptime30d } : {}),
    checks7d: Math.floor(count(raw.checks7d, 1_000_000) ?? 0),
    checks30d: Math.floor(count(raw.checks30d, 1_000_000) ?? 0),
  };
}

/** A check status as a listing row may carry it; undefined for anything else. */
export function readCheckStatus(raw: unknown): CheckResult["status"] | undefined {
  return raw === "up" || raw === "needs-auth" || raw === "down" || raw === "error" ? raw : undefined;
}

/**
 * The latest status in a stored check summary (connectors.check_summary, the StabilityEvidence JSON), for
 * listing rows: null when never checked or unreadable.
 */
export function latestCheckStatus(summary: string | null): CheckResult["status"] | null {
  if (summary === null) return null;
  try {
    const parsed: unknown = JSON.parse(summary);
    return (isObject(parsed) && isObject(parsed.latest) && readCheckStatus(parsed.latest.status)) || null;
  } catch {
    return null;
  }
}

/**
 * The live check as plain lines (the CLI's `info`): the latest status with its latency, time and age, then
 * the uptime over 7 and 30 days with how many checks that is.
 */
export function stabilityLines(s: StabilityEvidence, now: Date): string[] {
  const l = s.latest;
  const what = l.status === "needs-auth" ? "reachable, needs sign-in" : l.status;
  const parts = [what];
  if (l.latencyMs !== undefined) parts.push(`${Math.round(l.latencyMs)} ms`);
  if (l.toolCount !== undefined) parts.push(`${l.toolCount} tool${l.toolCount === 1 ? "" : "s"}`);
  if (l.error) parts.push(l.error);
  const lines = [`live check: ${parts.join(", ")} (${l.kind} check ${l.checkedAt}${age(l.checkedAt, now)})`];
  const pct = (u: number | undefined, n: number) =>
    u === undefined
      ? "no checks"
      : `${(Math.floor(u * 1000) / 10).toString()}% of ${n} check${n === 1 ? "" : "s"}`;
  if (l.kind === "remote")
    lines.push(`  uptime: 7 days ${pct(s.uptime7d, s.checks7d)}, 30 days ${pct(s.uptime30d, s.checks30d)}`);
  return lines;
}

function age(at: string, now: Date): string {
  const ms = now.getTime() - Date.parse(at);
  if (!Number.isFinite(ms) || ms < 0) return "";
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return ", just now";
  if (minutes < 60) return `, ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `, ${hours} h ago`;
  return `, ${Math.floor(hours / 24)} days ago`;
}

function readCheck(raw: unknown): CheckResult | undefined {
  if (!isObject(raw)) return undefined;
  const status = raw.status;
  if (status !== "up" && status !== "needs-auth" && status !== "down" && status !== "error") return undefined;
  const checkedAt = text(raw.checkedAt);
  if (!checkedAt) return undefined;
  const latency = count(raw.latencyMs, 3_600_000);
  const tools = count(raw.toolCount, 100_000);
  const error = text(raw.error);
  return {
    checkedAt,
    status,
    kind: raw.kind === "bundled" ? "bundled" : "remote",
    ...(latency !== undefined ? { latencyMs: latency } : {}),
    ...(text(raw.protocolVersion) ? { protocolVersion: text(raw.protocolVersion)! } : {}),
    ...(tools !== undefined ? { toolCount: tools } : {}),
    ...(error ? { error } : {}),
  };
}

/** The checklist as plain lines (the CLI's `info`): the score, then each item with its mark and fix. */
export function qualityLines(q: QualityDocument): string[] {
  const lines = [`quality: ${q.score}/100 (docs/quality.md)`];
  if (q.check) lines.push(`  latest check ${q.check.checkedAt}: ${q.check.status}`);
  for (const group of QUALITY_GROUPS) {
    const items = q.items.filter((i) => i.group === group);
    if (items.length === 0) continue;
    const earned = items.reduce((s, i) => s + i.points, 0);
    const max = items.reduce((s, i) => s + i.max, 0);
    lines.push(`  ${group} ${earned}/${max}`);
    for (const i of items) {
      lines.push(`    ${i.pass ? "✓" : "✗"} ${i.reason} (${i.points}/${i.max})`);
      if (!i.pass && i.fix) lines.push(`      to raise it: ${i.fix}`);
    }
  }
  return lines;
}
