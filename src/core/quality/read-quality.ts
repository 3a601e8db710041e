import type { CheckResult, StabilityEvidence } from "./evidence.js";
import {
  QUALITY_GROUPS,
  type QualityDocument,
  type QualityGroup,
  type QualityItem,
  type QualityPhrase,
} from "./types.js";
import { isObject } from "../json-guards.js";

// A `quality` object as another registry may send it: kept only in the shape Connectory writes, with
// numbers in range and text bounded, so a hostile registry cannot make `info` print a lie about the shape
// or flood the terminal. (The text is still the registry's word; the CLI prints it through printable().)

const MAX_ITEMS = 64;
const MAX_TEXT = 500;
type Json = Record<string, unknown>;
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
    const na = i.applies === false ? { applies: false as const } : {};
    const localized = readLocalized(i.localized);
    return [
      {
        id,
        group,
        pass: i.pass === true,
        points,
        max,
        reason,
        ...(fix ? { fix } : {}),
        ...na,
        ...(localized ? { localized } : {}),
      },
    ];
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

/** An item's `localized` keys, when they have the documented shape (bounded like the text). */
function readLocalized(raw: unknown): QualityItem["localized"] {
  if (!isObject(raw)) return undefined;
  const reason = readPhrase(raw.reason, 1);
  if (!reason) return undefined;
  const fix = readPhrase(raw.fix, 1);
  return { reason, ...(fix ? { fix } : {}) };
}

function readPhrase(raw: unknown, depth: number): QualityPhrase | undefined {
  if (!isObject(raw)) return undefined;
  const key = text(raw.key);
  if (!key || !/^[a-z0-9.-]{1,64}$/.test(key)) return undefined;
  if (raw.params === undefined) return { key };
  if (!isObject(raw.params)) return undefined;
  const params: NonNullable<QualityPhrase["params"]> = {};
  for (const [name, value] of Object.entries(raw.params).slice(0, 8)) {
    if (typeof value === "string") params[name] = value.slice(0, MAX_TEXT);
    else if (typeof value === "number" && Number.isFinite(value)) params[name] = value;
    else if (Array.isArray(value) && depth > 0) {
      const list = value.slice(0, 8).map((v) => readPhrase(v, depth - 1));
      if (list.some((v) => v === undefined || (v.params && Object.values(v.params).some(Array.isArray))))
        return undefined;
      params[name] = list as Array<{ key: string; params?: Record<string, string | number> }>;
    } else return undefined;
  }
  return { key, params };
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
