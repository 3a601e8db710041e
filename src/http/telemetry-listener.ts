import type { IncomingMessage, ServerResponse } from "node:http";
import type { Telemetry } from "../telemetry/telemetry.js";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The registry's HTTP server spans and request metrics (OTEL_*): one server span per request, named
 * by its method (the fast paths answer before any router knows a route), with the HTTP semantic
 * conventions' attributes, the caller's `traceparent` as parent, status Error for a 5xx, and
 * `http.server.request.duration`. Wraps the node listener, so the fast paths are measured too.
 */
export function withTelemetry(listener: Listener, telemetry: Telemetry | undefined): Listener {
  if (!telemetry) return listener;
  return (req, res) => {
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0] as string;
    const span = telemetry.startSpan(
      method,
      "server",
      { "http.request.method": method, "url.path": path, "url.scheme": "http" },
      req.headers.traceparent,
    );
    const started = telemetry.now();
    res.once("close", () => {
      const status = res.statusCode;
      span.setAttributes({ "http.response.status_code": status });
      span.end(status >= 500 ? { type: String(status) } : undefined);
      telemetry.record("http.server.request.duration", (telemetry.now() - started) / 1000, {
        "http.request.method": method,
        "http.response.status_code": status,
        "url.scheme": "http",
        ...(status >= 500 ? { "error.type": String(status) } : {}),
      });
    });
    listener(req, res);
  };
}
