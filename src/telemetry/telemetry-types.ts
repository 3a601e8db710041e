/** An attribute value as OTLP carries it. */
export type AttributeValue = string | number | boolean;
export type Attributes = Record<string, AttributeValue>;

/** A finished span, as the exporters encode it. Times are epoch milliseconds (fractional). */
export interface SpanData {
  traceId: string;
  spanId: string;
  /** Undefined for a trace's root span. */
  parentSpanId?: string | undefined;
  name: string;
  /** OTLP SpanKind: 2 server, 3 client. */
  kind: 2 | 3;
  startMs: number;
  endMs: number;
  attributes: Attributes;
  /** OTLP StatusCode: 0 unset, 2 error. */
  status: { code: 0 | 2; message?: string };
}

/** One histogram point (cumulative since `startMs`). */
export interface HistogramPoint {
  attributes: Attributes;
  count: number;
  sum: number;
  min: number;
  max: number;
  bucketCounts: number[];
}

export interface HistogramData {
  name: string;
  unit: string;
  description: string;
  bounds: readonly number[];
  startMs: number;
  points: HistogramPoint[];
}

/** Who produced the data: the resource and the instrumentation scope. */
export interface Producer {
  resource: Attributes;
  scope: { name: string; version: string };
}
