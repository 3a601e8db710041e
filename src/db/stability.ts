import type { CheckResult, StabilityEvidence } from "../core/quality/evidence.js";
import type { CheckTarget } from "./check-rows.js";

// What both dialects share about stored checks: the row ↔ CheckResult mapping, the uptime windows and the
// evidence built from one latest row plus window counts (the SQL that counts is per dialect).

const DAY_MS = 86_400_000;

/** Checks older than this are forgotten (the longest uptime window). */
export const CHECK_RETENTION_DAYS = 30;

/** A connector_checks row as both dialects select it. */
export interface CheckRow {
  checkedAt: string;
  kind: string;
  status: string;
  latencyMs: number | null;
  protocolVersion: string | null;
  toolCount: number | null;
  error: string | null;
}

/** Counts over the two windows: checks, and checks that were up or needs-auth. */
export interface WindowCounts {
  checks7d: number;
  ok7d: number;
  checks30d: number;
  ok30d: number;
}

/** The start of the 7- and 30-day windows ending at `now` (ISO-8601 UTC, comparable as text). */
export function windowStarts(now: string): { since7d: string; since30d: string } {
  const t = Date.parse(now);
  return {
    since7d: new Date(t - 7 * DAY_MS).toISOString(),
    since30d: new Date(t - CHECK_RETENTION_DAYS * DAY_MS).toISOString(),
  };
}

/** The columns a CheckResult is stored as. */
export function checkColumns(result: CheckResult) {
  return {
    checkedAt: result.checkedAt,
    kind: result.kind,
    status: result.status,
    latencyMs: result.latencyMs ?? null,
    protocolVersion: result.protocolVersion ?? null,
    toolCount: result.toolCount ?? null,
    error: result.error ?? null,
  };
}

export function toCheckResult(row: CheckRow): CheckResult {
  return {
    checkedAt: row.checkedAt,
    status: row.status as CheckResult["status"],
    ...(row.latencyMs !== null ? { latencyMs: Number(row.latencyMs) } : {}),
    ...(row.protocolVersion !== null ? { protocolVersion: row.protocolVersion } : {}),
    ...(row.toolCount !== null ? { toolCount: Number(row.toolCount) } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
    kind: row.kind as CheckResult["kind"],
  };
}

/** The evidence of one connector from its latest check and the window counts. */
export function evidenceFrom(latest: CheckRow, counts: WindowCounts): StabilityEvidence {
  const share = (ok: number, all: number) => (all > 0 ? Math.round((ok / all) * 10_000) / 10_000 : undefined);
  const uptime7d = share(Number(counts.ok7d), Number(counts.checks7d));
  const uptime30d = share(Number(counts.ok30d), Number(counts.checks30d));
  return {
    latest: toCheckResult(latest),
    ...(uptime7d !== undefined ? { uptime7d } : {}),
    ...(uptime30d !== undefined ? { uptime30d } : {}),
    checks7d: Number(counts.checks7d),
    checks30d: Number(counts.checks30d),
  };
}

/** The stored check_targets JSON as targets; anything unreadable counts as none. */
export function parseTargets(json: string | null): CheckTarget[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((t): t is CheckTarget => typeof t?.url === "string" && typeof t?.transport === "string")
      : [];
  } catch {
    return [];
  }
}
