import type { CheckResult } from "./evidence.js";
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
