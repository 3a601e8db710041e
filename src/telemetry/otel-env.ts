/**
 * The standard OpenTelemetry environment variables, read once: where to export traces and metrics
 * (OTLP over HTTP), how, and as which service. Nothing is exported unless an endpoint is set, so a
 * process without OTEL_* variables pays nothing (the exporter is never loaded).
 */
export interface OtelConfig {
  serviceName: string;
  resource: Record<string, string>;
  /** Full URLs (…/v1/traces, …/v1/metrics); undefined: that signal is not exported. */
  traces?: string;
  metrics?: string;
  protocol: "http/json" | "http/protobuf";
  headers: Record<string, string>;
  timeoutMs: number;
  /** OTEL_BSP_SCHEDULE_DELAY: how long finished spans wait to be sent together. */
  spanDelayMs: number;
  /** OTEL_METRIC_EXPORT_INTERVAL. */
  metricIntervalMs: number;
  /** Tool arguments and results on spans (OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true), after the guards. */
  captureContent: boolean;
}

type Env = Record<string, string | undefined>;

/** The config the variables describe, or undefined when nothing is to be exported; `warn` gets what is ignored. */
export function otelConfig(
  env: Env,
  defaultService: string,
  warn: (m: string) => void = () => undefined,
): OtelConfig | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  const traces = signalEndpoint(env, "TRACES", "traces");
  const metrics = signalEndpoint(env, "METRICS", "metrics");
  if (!traces && !metrics) return undefined;
  const protocol = (env.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf").trim();
  if (protocol !== "http/json" && protocol !== "http/protobuf") {
    warn(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported (http/protobuf or http/json): nothing is exported`,
    );
    return undefined;
  }
  return {
    serviceName: env.OTEL_SERVICE_NAME?.trim() || defaultService,
    resource: pairs(env.OTEL_RESOURCE_ATTRIBUTES),
    ...(traces ? { traces } : {}),
    ...(metrics ? { metrics } : {}),
    protocol,
    headers: pairs(env.OTEL_EXPORTER_OTLP_HEADERS),
    timeoutMs: positive(env.OTEL_EXPORTER_OTLP_TIMEOUT, 10_000),
    spanDelayMs: positive(env.OTEL_BSP_SCHEDULE_DELAY, 5000),
    metricIntervalMs: positive(env.OTEL_METRIC_EXPORT_INTERVAL, 60_000),
    captureContent: env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT?.trim().toLowerCase() === "true",
  };
}

/** OTEL_<SIGNAL>_EXPORTER other than otlp turns it off; the signal's own endpoint is used as is, the general one gets /v1/<path>. */
function signalEndpoint(env: Env, signal: string, path: string): string | undefined {
  const exporter = env[`OTEL_${signal}_EXPORTER`]?.trim().toLowerCase();
  if (exporter !== undefined && exporter !== "" && exporter !== "otlp") return undefined;
  const own = env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]?.trim();
  if (own) return checkedUrl(own);
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  return checkedUrl(`${base.replace(/\/+$/, "")}/v1/${path}`);
}

function checkedUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `k1=v1,k2=v2` (values URL-encoded), as OTEL_RESOURCE_ATTRIBUTES and OTEL_EXPORTER_OTLP_HEADERS are written. */
function pairs(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of (text ?? "").split(",")) {
    const at = item.indexOf("=");
    if (at <= 0) continue;
    try {
      out[decodeURIComponent(item.slice(0, at).trim())] = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      // a malformed escape: that pair is skipped, as the SDK does
    }
  }
  return out;
}

function positive(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return text !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
}
