import type { Attributes, HistogramData, Producer, SpanData } from "./telemetry-types.js";

// OTLP/HTTP JSON (opentelemetry-proto's JSON mapping): ids as hex, 64-bit integers as decimal strings.

/** Epoch milliseconds (fractional) as the decimal string of nanoseconds, without float overflow. */
export function nanos(ms: number): string {
  return nanosBig(ms).toString();
}

/** The same as a bigint (the protobuf encoding's fixed64). */
export function nanosBig(ms: number): bigint {
  const whole = Math.floor(ms);
  return BigInt(whole) * 1_000_000n + BigInt(Math.round((ms - whole) * 1e6));
}

export function jsonAttributes(attrs: Attributes): Array<{ key: string; value: Record<string, unknown> }> {
  return Object.entries(attrs).map(([key, v]) => ({
    key,
    value:
      typeof v === "string"
        ? { stringValue: v }
        : typeof v === "boolean"
          ? { boolValue: v }
          : Number.isInteger(v)
            ? { intValue: String(v) }
            : { doubleValue: v },
  }));
}

/** An ExportTraceServiceRequest. */
export function tracesJson(producer: Producer, spans: readonly SpanData[]): string {
  return exportRequest(
    producer,
    "Spans",
    spans.map((s) => ({
      traceId: s.traceId,
      spanId: s.spanId,
      ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
      name: s.name,
      kind: s.kind,
      startTimeUnixNano: nanos(s.startMs),
      endTimeUnixNano: nanos(s.endMs),
      attributes: jsonAttributes(s.attributes),
      status: s.status,
    })),
  );
}

/** An ExportMetricsServiceRequest of histograms (cumulative temporality: 2). */
export function metricsJson(producer: Producer, histograms: readonly HistogramData[], nowMs: number): string {
  return exportRequest(
    producer,
    "Metrics",
    histograms.map((h) => ({
      name: h.name,
      description: h.description,
      unit: h.unit,
      histogram: {
        aggregationTemporality: 2,
        dataPoints: h.points.map((p) => ({
          attributes: jsonAttributes(p.attributes),
          startTimeUnixNano: nanos(h.startMs),
          timeUnixNano: nanos(nowMs),
          count: String(p.count),
          sum: p.sum,
          min: p.min,
          max: p.max,
          bucketCounts: p.bucketCounts.map(String),
          explicitBounds: h.bounds,
        })),
      },
    })),
  );
}

/** The envelope both requests share: one resource, one scope, its items (`resourceSpans` … `spans`). */
function exportRequest(producer: Producer, kind: "Spans" | "Metrics", items: unknown[]): string {
  return JSON.stringify({
    [`resource${kind}`]: [
      {
        resource: { attributes: jsonAttributes(producer.resource) },
        [`scope${kind}`]: [{ scope: producer.scope, [kind.toLowerCase()]: items }],
      },
    ],
  });
}
