import { performance } from "node:perf_hooks";
import type { OtelConfig } from "./otel-env.js";
import { metricsJson, tracesJson } from "./otlp-json.js";
import { ProtoTraceBatch, metricsProto } from "./otlp-proto.js";
import { postOtlp } from "./otlp-http.js";
import { formatTraceparent, parseTraceparent, randomId, type SpanContext } from "./trace-context.js";
import type { Attributes, HistogramData, HistogramPoint, Producer, SpanData } from "./telemetry-types.js";

/** One span in flight: `end` records it (once); `traceparent` is what to send to the next hop. */
export interface Span {
  readonly context: SpanContext;
  setAttributes(attributes: Attributes): void;
  /** `error`: the span's status is Error, with `error.type` set. */
  end(error?: { type: string; message?: string }): void;
  traceparent(): string;
}

/** The histograms the conventions name, with their advised bucket boundaries (seconds). */
export const HISTOGRAMS = {
  "mcp.client.operation.duration": {
    unit: "s",
    description: "The duration of the MCP request or notification as observed on the sender",
    bounds: [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
  },
  "mcp.server.operation.duration": {
    unit: "s",
    description: "MCP request or notification duration as observed on the receiver",
    bounds: [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300],
  },
  "http.server.request.duration": {
    unit: "s",
    description: "Duration of HTTP server requests",
    bounds: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
  },
} as const;
export type HistogramName = keyof typeof HISTOGRAMS;

// Read once: `performance.timeOrigin` is a getter (a receiver check and a read of the runtime's
// milestones) and does not change; the clock is read four times per gateway call (two spans, two points).
const TIME_ORIGIN = performance.timeOrigin;

/** Spans kept for one export at most; past this a burst's spans are dropped, not queued without end. */
const MAX_QUEUE = 2048;
const MAX_BATCH = 512;

/**
 * Traces and metrics of one process, exported over OTLP/HTTP (JSON or protobuf): finished spans are
 * sent in batches after `spanDelayMs`, histograms (cumulative) every `metricIntervalMs`, and both at
 * `shutdown()`, which the CLI awaits before it exits. Timers never keep the process alive.
 */
export class Telemetry {
  readonly captureContent: boolean;
  /** Ended spans waiting for the next export: as objects (http/json) or already encoded (protobuf). */
  private spans: SpanData[] = [];
  private encoded: ProtoTraceBatch | undefined;
  private queued = 0;
  private readonly histograms = new Map<string, Map<string, HistogramPoint>>();
  private readonly startMs = Date.now();
  private spanTimer: NodeJS.Timeout | undefined;
  private readonly metricTimer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private readonly producer: Producer;
  private failed = false;
  private dropped = 0;

  constructor(
    private readonly config: OtelConfig,
    version: string,
    private readonly log: (message: string) => void,
  ) {
    this.captureContent = config.captureContent;
    this.producer = {
      resource: { "service.name": config.serviceName, "service.version": version, ...config.resource },
      scope: { name: "connectory", version },
    };
    if (config.metrics)
      this.metricTimer = setInterval(() => void this.exportMetrics(), config.metricIntervalMs).unref();
  }

  /** Epoch milliseconds with sub-millisecond precision. */
  now(): number {
    return TIME_ORIGIN + performance.now();
  }

  /** Starts a span; `parent` is a span context or a `traceparent` value (a malformed one starts a new trace). */
  startSpan(
    name: string,
    kind: "server" | "client",
    attributes: Attributes,
    parent?: SpanContext | unknown,
  ): Span {
    const up = typeof parent === "string" ? parseTraceparent(parent) : (parent as SpanContext | undefined);
    const context: SpanContext = {
      traceId: up?.traceId ?? randomId(16),
      spanId: randomId(8),
      sampled: up?.sampled ?? true,
    };
    // One literal with every key, no spread: a literal that spreads defines the keys after the spread
    // one by one in the runtime (issue 26's overhead budget: two spans per gateway call).
    const data: SpanData = {
      traceId: context.traceId,
      spanId: context.spanId,
      parentSpanId: up?.spanId,
      name,
      kind: kind === "server" ? 2 : 3,
      startMs: this.now(),
      endMs: 0,
      attributes,
      status: { code: 0 },
    };
    return new OpenSpan(this, context, data);
  }

  /**
   * Adds one value to a histogram, per attribute set. `key`: the set's JSON (JSON.stringify of
   * `attributes`), when the caller keeps it for sets it records often (mcp-spans.ts).
   */
  record(name: HistogramName, value: number, attributes: Attributes, known?: string): void {
    if (!this.config.metrics) return;
    const key = known ?? JSON.stringify(attributes);
    let points = this.histograms.get(name);
    if (!points) this.histograms.set(name, (points = new Map()));
    let point = points.get(key);
    if (!point) {
      const bounds = HISTOGRAMS[name].bounds;
      point = {
        attributes,
        count: 0,
        sum: 0,
        min: value,
        max: value,
        bucketCounts: new Array(bounds.length + 1).fill(0),
      };
      points.set(key, point);
    }
    point.count++;
    point.sum += value;
    point.min = Math.min(point.min, value);
    point.max = Math.max(point.max, value);
    const bounds = HISTOGRAMS[name].bounds;
    let i = 0;
    while (i < bounds.length && value > (bounds[i] as number)) i++;
    (point.bucketCounts[i] as number)++;
  }

  /** Sends everything now (spans and metrics); resolves when the exports are answered or timed out. */
  async shutdown(): Promise<void> {
    if (this.spanTimer) clearTimeout(this.spanTimer);
    if (this.metricTimer) clearInterval(this.metricTimer);
    this.exportSpans();
    await this.exportMetrics();
    await this.sending;
    if (this.dropped > 0)
      this.log(`OpenTelemetry: ${this.dropped} spans were dropped (more than ${MAX_QUEUE} waiting)`);
  }

  /** A sampled span that ended (OpenSpan.end): queued for the next export. */
  finished(span: SpanData): void {
    if (!this.config.traces) return;
    if (this.queued >= MAX_QUEUE) {
      this.dropped++;
      return;
    }
    if (this.config.protocol === "http/json") this.spans.push(span);
    else (this.encoded ??= new ProtoTraceBatch(this.producer)).add(span);
    this.queued++;
    if (this.queued >= MAX_BATCH) this.exportSpans();
    else this.spanTimer ??= setTimeout(() => this.exportSpans(), this.config.spanDelayMs).unref();
  }

  private exportSpans(): void {
    if (this.spanTimer) clearTimeout(this.spanTimer);
    this.spanTimer = undefined;
    if (!this.config.traces || this.queued === 0) return;
    this.queued = 0;
    const json = this.config.protocol === "http/json";
    let body: string | Uint8Array;
    if (json) {
      body = tracesJson(this.producer, this.spans);
      this.spans = [];
    } else {
      body = (this.encoded as ProtoTraceBatch).finish();
      this.encoded = undefined;
    }
    this.send(this.config.traces, body, json);
  }

  private exportMetrics(): Promise<void> {
    if (!this.config.metrics || this.histograms.size === 0) return this.sending;
    const data: HistogramData[] = [...this.histograms].map(([name, points]) => ({
      name,
      ...HISTOGRAMS[name as HistogramName],
      startMs: this.startMs,
      points: [...points.values()],
    }));
    const json = this.config.protocol === "http/json";
    const now = Date.now();
    const body = json ? metricsJson(this.producer, data, now) : metricsProto(this.producer, data, now);
    this.send(this.config.metrics, body, json);
    return this.sending;
  }

  private send(url: string, body: string | Uint8Array, json: boolean): void {
    const type = json ? "application/json" : "application/x-protobuf";
    const post = postOtlp(url, body, type, this.config.headers, this.config.timeoutMs).then((problem) => {
      // Said once: an unreachable collector must not fill a host's log with one line per batch.
      if (problem && !this.failed)
        this.log(`OpenTelemetry export failed (${problem}); later failures are not reported`);
      if (problem) this.failed = true;
    });
    this.sending = Promise.all([this.sending, post]).then(() => undefined);
  }
}

/** A span in flight (a class, not four closures per span: two spans per gateway call). */
class OpenSpan implements Span {
  private done = false;

  constructor(
    private readonly telemetry: Telemetry,
    readonly context: SpanContext,
    private readonly data: SpanData,
  ) {}

  setAttributes(attributes: Attributes): void {
    Object.assign(this.data.attributes, attributes);
  }

  traceparent(): string {
    return formatTraceparent(this.context);
  }

  end(error?: { type: string; message?: string }): void {
    if (this.done) return;
    this.done = true;
    const data = this.data;
    data.endMs = this.telemetry.now();
    if (error) {
      data.attributes["error.type"] = error.type;
      data.status = error.message ? { code: 2, message: error.message } : { code: 2 };
    }
    if (this.context.sampled) this.telemetry.finished(data);
  }
}
