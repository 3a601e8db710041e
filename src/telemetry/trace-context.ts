import { randomFillSync } from "node:crypto";

/** A span's place in a trace: what `traceparent` carries (W3C Trace Context). */
export interface SpanContext {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZERO_TRACE = "0".repeat(32);
const ZERO_SPAN = "0".repeat(16);

/** Parses a `traceparent` value; anything malformed (or all-zero ids) is no parent at all. */
export function parseTraceparent(value: unknown): SpanContext | undefined {
  if (typeof value !== "string") return undefined;
  // A value as formatTraceparent writes it (the gateway's own, every call) matches as it is; only
  // another shape is trimmed and lowercased first (the same verdict, without the two new strings).
  const m = TRACEPARENT.exec(value) ?? TRACEPARENT.exec(value.trim().toLowerCase());
  if (!m || m[1] === ZERO_TRACE || m[2] === ZERO_SPAN) return undefined;
  return {
    traceId: m[1] as string,
    spanId: m[2] as string,
    sampled: (parseInt(m[3] as string, 16) & 1) === 1,
  };
}

export function formatTraceparent(ctx: SpanContext): string {
  return `00-${ctx.traceId}-${ctx.spanId}-${ctx.sampled ? "01" : "00"}`;
}

// Random ids from a pool: one randomFillSync per 512 spans instead of one per id.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `bytes` random bytes as lowercase hex (16 for a trace id, 8 for a span id). */
export function randomId(bytes: 8 | 16): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const out = pool.toString("hex", used, used + bytes);
  used += bytes;
  return out;
}
