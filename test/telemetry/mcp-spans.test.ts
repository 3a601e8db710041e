import { afterEach, describe, expect, it } from "vitest";
import { otelConfig } from "../../src/telemetry/otel-env.js";
import { endMcpSpan, startMcpSpan } from "../../src/telemetry/mcp-spans.js";
import { Telemetry } from "../../src/telemetry/telemetry.js";
import { jsonSpans, otlpReceiver } from "../helpers/otlp-receiver.js";

type Point = { attributes: Array<{ key: string; value: { stringValue?: string } }>; count: string };
type Doc = {
  resourceMetrics: Array<{
    scopeMetrics: Array<{ metrics: Array<{ name: string; histogram: { dataPoints: Point[] } }> }>;
  }>;
};

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

async function telemetry() {
  const receiver = await otlpReceiver();
  close = receiver.close;
  const config = otelConfig(
    { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" },
    "test",
  );
  return { receiver, telemetry: new Telemetry(config!, "1.0.0", () => undefined) };
}

/** The last metrics export's points of `name`: attribute set (as "k=v,…") → count. */
function points(bodies: Buffer[], name: string): Record<string, number> {
  const doc = JSON.parse((bodies.at(-1) as Buffer).toString("utf8")) as Doc;
  const metric = doc.resourceMetrics[0]!.scopeMetrics[0]!.metrics.find((m) => m.name === name);
  return Object.fromEntries(
    (metric?.histogram.dataPoints ?? []).map((p) => [
      p.attributes.map((a) => `${a.key}=${a.value.stringValue}`).join(","),
      Number(p.count),
    ]),
  );
}

describe("MCP spans and their histograms", () => {
  it("counts each call under its own attribute set, errors apart, and ends each span once", async () => {
    const { receiver, telemetry: t } = await telemetry();
    const call = (side: "client" | "server", tool: string, id: number) =>
      startMcpSpan(t, side, {
        method: "tools/call",
        params: { name: tool },
        id,
        sessionId: "s1",
        transport: "pipe",
      });
    for (let i = 0; i < 3; i++) endMcpSpan(t, call("server", "read_notes", i), { result: {} });
    endMcpSpan(t, call("server", "read_notes", 3), { result: { isError: true } });
    endMcpSpan(t, call("server", "get_weather", 4), { error: { code: -32601, message: "no" } });
    const twice = call("client", "read_notes", 5);
    endMcpSpan(t, twice, { result: {} });
    twice.span.end(); // a second end records nothing
    await t.shutdown();

    const metrics = receiver.exports.filter((e) => e.path === "/v1/metrics").map((e) => e.body);
    const base = "mcp.method.name=tools/call,network.transport=pipe,gen_ai.tool.name=";
    expect(points(metrics, "mcp.server.operation.duration")).toEqual({
      [`${base}read_notes`]: 3,
      [`${base}read_notes,error.type=tool_error`]: 1,
      [`${base}get_weather,error.type=-32601`]: 1,
    });
    expect(points(metrics, "mcp.client.operation.duration")).toEqual({ [`${base}read_notes`]: 1 });
    const spans = jsonSpans(receiver.exports);
    expect(spans.map((s) => s.name)).toEqual([
      ...Array(4).fill("tools/call read_notes"),
      "tools/call get_weather",
      "tools/call read_notes",
    ]);
    expect(spans.map((s) => s.attributes["error.type"])).toEqual([
      undefined,
      undefined,
      undefined,
      "tool_error",
      "-32601",
      undefined,
    ]);
    expect(spans.every((s) => s.parentSpanId === undefined || s.parentSpanId === "")).toBe(true);
  });

  it("makes a span the child of the traceparent it was given", async () => {
    const { receiver, telemetry: t } = await telemetry();
    const parent = startMcpSpan(t, "server", {
      method: "tools/call",
      params: { name: "x" },
      id: 1,
      sessionId: "s",
      transport: "pipe",
    });
    const child = startMcpSpan(t, "client", {
      method: "tools/call",
      params: { name: "x", _meta: { traceparent: parent.span.traceparent() } },
      id: 2,
      sessionId: "s",
      transport: "pipe",
    });
    endMcpSpan(t, child, { result: {} });
    endMcpSpan(t, parent, { result: {} });
    await t.shutdown();
    const [c, p] = jsonSpans(receiver.exports);
    expect(c?.traceId).toBe(p?.traceId);
    expect(c?.parentSpanId).toBe(p?.spanId);
    expect(p?.parentSpanId ?? "").toBe("");
  });
});
