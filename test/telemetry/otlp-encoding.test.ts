import { describe, expect, it } from "vitest";
import { otelConfig } from "../../src/telemetry/otel-env.js";
import { Telemetry } from "../../src/telemetry/telemetry.js";
import { otlpReceiver } from "../helpers/otlp-receiver.js";
import { nanosBig } from "../../src/telemetry/otlp-json.js";
import { metricsProto, tracesProto } from "../../src/telemetry/otlp-proto.js";
import { parseTraceparent } from "../../src/telemetry/trace-context.js";
import type { HistogramData, Producer, SpanData } from "../../src/telemetry/telemetry-types.js";

/** A generic protobuf wire decoder: field number → values (varint as bigint, others as bytes). */
function decode(buf: Uint8Array): Map<number, Array<bigint | Uint8Array>> {
  const out = new Map<number, Array<bigint | Uint8Array>>();
  let at = 0;
  const varint = () => {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      const b = buf[at++] as number;
      v |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return v;
      shift += 7n;
    }
  };
  while (at < buf.length) {
    const key = Number(varint());
    const [field, wire] = [key >> 3, key & 7];
    let value: bigint | Uint8Array;
    if (wire === 0) value = varint();
    else if (wire === 1) value = buf.slice(at, (at += 8));
    else if (wire === 2) {
      const n = Number(varint());
      value = buf.slice(at, (at += n));
    } else throw new Error(`wire type ${wire}`);
    out.set(field, [...(out.get(field) ?? []), value]);
  }
  return out;
}
const one = (m: Map<number, Array<bigint | Uint8Array>>, f: number) => m.get(f)?.[0] as Uint8Array;
const text = (b: Uint8Array) => Buffer.from(b).toString("utf8");

const producer: Producer = {
  resource: { "service.name": "svc" },
  scope: { name: "connectory", version: "1.2.3" },
};
const span: SpanData = {
  traceId: "0af7651916cd43dd8448eb211c80319c",
  spanId: "b7ad6b7169203331",
  parentSpanId: "00f067aa0ba902b7",
  name: "tools/call read_notes",
  kind: 3,
  startMs: 1_764_662_400_000.5,
  endMs: 1_764_662_400_002,
  attributes: { "mcp.method.name": "tools/call", "jsonrpc.request.id": "7", count: 3, ok: true, ratio: 0.5 },
  status: { code: 2, message: "boom" },
};

describe("OTLP protobuf (opentelemetry-proto field numbers)", () => {
  it("writes an ExportTraceServiceRequest a protobuf reader reads back", () => {
    const request = decode(tracesProto(producer, [span]));
    const resourceSpans = decode(one(request, 1));
    const resource = decode(one(resourceSpans, 1));
    const attr = decode(one(resource, 1));
    expect(text(one(attr, 1))).toBe("service.name");
    expect(text(one(decode(one(attr, 2)), 1))).toBe("svc");
    const scopeSpans = decode(one(resourceSpans, 2));
    expect(text(one(decode(one(scopeSpans, 1)), 2))).toBe("1.2.3");
    const s = decode(one(scopeSpans, 2));
    expect(Buffer.from(one(s, 1)).toString("hex")).toBe(span.traceId);
    expect(Buffer.from(one(s, 2)).toString("hex")).toBe(span.spanId);
    expect(Buffer.from(one(s, 4)).toString("hex")).toBe(span.parentSpanId);
    expect(text(one(s, 5))).toBe("tools/call read_notes");
    expect(s.get(6)?.[0]).toBe(3n);
    expect(Buffer.from(one(s, 7)).readBigUInt64LE()).toBe(1_764_662_400_000_500_000n);
    expect(Buffer.from(one(s, 8)).readBigUInt64LE()).toBe(1_764_662_400_002_000_000n);
    const values = Object.fromEntries(
      (s.get(9) as Uint8Array[]).map((kv) => {
        const d = decode(kv);
        const v = decode(one(d, 2));
        const [field, raw] = [...v][0] as [number, Array<bigint | Uint8Array>];
        return [text(one(d, 1)), [field, raw[0]]];
      }),
    );
    expect(values["mcp.method.name"]?.[0]).toBe(1); // string_value
    expect(values.count).toEqual([3, 3n]); // int_value
    expect(values.ok).toEqual([2, 1n]); // bool_value
    expect(values.ratio?.[0]).toBe(4); // double_value
    const status = decode(one(s, 15));
    expect(text(one(status, 2))).toBe("boom");
    expect(status.get(3)?.[0]).toBe(2n);
  });

  it("encodes a producer's resource and scope once and writes the same bytes into every export", () => {
    const many: Producer = {
      resource: { "service.name": "svc", "service.version": "1.2.3", "deployment.environment": "test" },
      scope: { name: "connectory", version: "1.2.3" },
    };
    const first = Buffer.from(tracesProto(many, [span]));
    const second = Buffer.from(tracesProto(many, [span, { ...span, spanId: "b7ad6b7169203332" }]));
    const metrics = decode(one(decode(metricsProto(many, [], 2000)), 1));
    for (const request of [first, second]) {
      const resourceSpans = decode(one(decode(request), 1));
      const attrs = (decode(one(resourceSpans, 1)).get(1) as Uint8Array[]).map((kv) =>
        text(one(decode(kv), 1)),
      );
      expect(attrs).toEqual(["service.name", "service.version", "deployment.environment"]);
      expect(text(one(decode(one(decode(one(resourceSpans, 2)), 1)), 1))).toBe("connectory");
      // The cached fields are the same bytes in traces and metrics.
      expect(Buffer.from(one(resourceSpans, 1))).toEqual(Buffer.from(one(metrics, 1)));
    }
    expect(decode(one(decode(one(decode(second), 1)), 2)).get(2)).toHaveLength(2);
  });

  it("writes every span's attributes the same whether their encoding is kept or made anew", () => {
    // The same key and value as a resource attribute (field 1) and as span attributes (field 9);
    // a key whose values keep changing (past the 32 kept per key); a non-ASCII value; a long one.
    const attributesOf = (request: Uint8Array) =>
      decode(one(decode(one(decode(one(decode(request), 1)), 2)), 2)).get(9) as Uint8Array[];
    const read = (kv: Uint8Array) => {
      const d = decode(kv);
      return [text(one(d, 1)), text(one(decode(one(d, 2)), 1))];
    };
    const mixed: Producer = { resource: { "mcp.method.name": "tools/call" }, scope: producer.scope };
    for (let i = 0; i < 80; i++) {
      const attributes = {
        "mcp.method.name": "tools/call",
        "jsonrpc.request.id": String(i),
        "gen_ai.tool.name": i % 2 ? "天気" : "read_notes",
        "gen_ai.tool.call.result": "r".repeat(200 + i),
      };
      const request = tracesProto(mixed, [{ ...span, attributes }]);
      expect(attributesOf(request).map(read)).toEqual(Object.entries(attributes));
      const resource = decode(one(decode(one(decode(request), 1)), 1));
      expect(read(one(resource, 1))).toEqual(["mcp.method.name", "tools/call"]);
    }
  });

  it("sends the spans encoded as they ended: 512 to an export, in order, the rest at shutdown", async () => {
    const receiver = await otlpReceiver();
    try {
      const t = new Telemetry(
        otelConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_METRICS_EXPORTER: "none" }, "svc")!,
        "1.0.0",
        () => undefined,
      );
      for (let i = 0; i < 600; i++) {
        const s = t.startSpan(`op ${i}`, i % 2 ? "client" : "server", { "jsonrpc.request.id": String(i) });
        if (i === 599) s.end({ type: "tool_error" });
        else s.end();
        s.setAttributes({ late: true }); // after its end: not sent
      }
      await t.shutdown();
      const batches = receiver.exports
        .filter((e) => e.path === "/v1/traces")
        .map((e) => decode(one(decode(one(decode(e.body), 1)), 2)).get(2) as Uint8Array[]);
      expect(batches.map((b) => b.length)).toEqual([512, 88]);
      const spans = batches.flat().map(decode);
      expect(spans.map((s) => text(one(s, 5)))).toEqual(Array.from({ length: 600 }, (_, i) => `op ${i}`));
      expect(spans.map((s) => Number(s.get(6)?.[0]))).toEqual(
        Array.from({ length: 600 }, (_, i) => (i % 2 ? 3 : 2)),
      );
      const last = spans[599] as Map<number, Array<bigint | Uint8Array>>;
      const keys = (last.get(9) as Uint8Array[]).map((kv) => text(one(decode(kv), 1)));
      expect(keys).toEqual(["jsonrpc.request.id", "error.type"]);
      expect(decode(one(last, 15)).get(3)?.[0]).toBe(2n);
    } finally {
      await receiver.close();
    }
  });

  it("writes non-ASCII and long strings, and nanosecond times exactly (past 2^53, fractions rounding up)", () => {
    const long = "x".repeat(300);
    for (const [startMs, endMs] of [
      [1_764_662_400_000.9999999, 4_102_444_800_000.123456],
      [0, 1],
      [2 ** 32 + 0.5, 2 ** 40 - 0.000001],
    ] as const) {
      const s = decode(
        one(
          decode(
            one(
              decode(
                one(
                  decode(
                    tracesProto(producer, [
                      { ...span, name: "tools/call 天気 é", startMs, endMs, attributes: { long } },
                    ]),
                  ),
                  1,
                ),
              ),
              2,
            ),
          ),
          2,
        ),
      );
      expect(text(one(s, 5))).toBe("tools/call 天気 é");
      expect(text(one(decode(one(decode((s.get(9) as Uint8Array[])[0] as Uint8Array), 2)), 1))).toBe(long);
      expect(Buffer.from(one(s, 7)).readBigUInt64LE()).toBe(nanosBig(startMs));
      expect(Buffer.from(one(s, 8)).readBigUInt64LE()).toBe(nanosBig(endMs));
    }
  });

  it("writes a cumulative histogram with its counts, bounds, min and max", () => {
    const h: HistogramData = {
      name: "mcp.client.operation.duration",
      unit: "s",
      description: "d",
      bounds: [0.01, 0.1],
      startMs: 1000,
      points: [
        {
          attributes: { "mcp.method.name": "tools/call" },
          count: 3,
          sum: 0.3,
          min: 0.005,
          max: 0.2,
          bucketCounts: [1, 1, 1],
        },
      ],
    };
    const metric = decode(one(decode(one(decode(one(decode(metricsProto(producer, [h], 2000)), 1)), 2)), 2));
    expect(text(one(metric, 1))).toBe("mcp.client.operation.duration");
    expect(text(one(metric, 3))).toBe("s");
    const histogram = decode(one(metric, 9));
    expect(histogram.get(2)?.[0]).toBe(2n); // AGGREGATION_TEMPORALITY_CUMULATIVE
    const point = decode(one(histogram, 1));
    expect(Buffer.from(one(point, 4)).readBigUInt64LE()).toBe(3n);
    expect(Buffer.from(one(point, 5)).readDoubleLE()).toBe(0.3);
    const counts = Buffer.from(one(point, 6));
    expect([0, 8, 16].map((o) => counts.readBigUInt64LE(o))).toEqual([1n, 1n, 1n]);
    const bounds = Buffer.from(one(point, 7));
    expect([bounds.readDoubleLE(0), bounds.readDoubleLE(8)]).toEqual([0.01, 0.1]);
    expect(Buffer.from(one(point, 11)).readDoubleLE()).toBe(0.005);
    expect(Buffer.from(one(point, 12)).readDoubleLE()).toBe(0.2);
  });
});

describe("the OTEL_* variables", () => {
  const cases: Array<[string, Record<string, string>, unknown]> = [
    ["nothing set: no telemetry", {}, undefined],
    ["only a service name: no telemetry", { OTEL_SERVICE_NAME: "x" }, undefined],
    [
      "an endpoint",
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318/" },
      { traces: "http://c:4318/v1/traces", metrics: "http://c:4318/v1/metrics", protocol: "http/protobuf" },
    ],
    [
      "traces off",
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_TRACES_EXPORTER: "none" },
      { metrics: "http://c:4318/v1/metrics" },
    ],
    [
      "a signal's own endpoint is used as is",
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://c/t", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" },
      { traces: "https://c/t", protocol: "http/json" },
    ],
    ["disabled", { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_SDK_DISABLED: "true" }, undefined],
    [
      "grpc is not supported",
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" },
      undefined,
    ],
    ["a malformed endpoint", { OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" }, undefined],
    ["a file: endpoint", { OTEL_EXPORTER_OTLP_ENDPOINT: "file:///etc/passwd" }, undefined],
  ];
  it.each(cases)("%s", (_, env, expected) => {
    const config = otelConfig(env, "connectory");
    if (expected === undefined) expect(config).toBeUndefined();
    else expect(config).toMatchObject(expected as object);
  });

  it("reads headers, resource attributes and the content opt-in, skipping malformed pairs", () => {
    const config = otelConfig(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://c",
        OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20abc,broken,x=%E0%A4%A",
        OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=dev",
        OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: "TRUE",
        OTEL_BSP_SCHEDULE_DELAY: "-5",
      },
      "connectory",
    );
    expect(config?.headers).toEqual({ authorization: "Bearer abc" });
    expect(config?.resource).toEqual({ "deployment.environment": "dev" });
    expect(config?.captureContent).toBe(true);
    expect(config?.spanDelayMs).toBe(5000);
  });

  it("takes a well-formed traceparent as the parent and ignores anything else", () => {
    expect(parseTraceparent("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")?.spanId).toBe(
      "b7ad6b7169203331",
    );
    for (const bad of [
      undefined,
      42,
      "",
      "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331",
      "00-00000000000000000000000000000000-b7ad6b7169203331-01",
      "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-x",
      "00-zzf7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
      "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",
    ])
      expect(parseTraceparent(bad)).toBeUndefined();
    // Another shape of the same value: padded, uppercase; the sampled flag read from the last byte.
    expect(parseTraceparent(" 00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-00\n")).toEqual({
      traceId: "0af7651916cd43dd8448eb211c80319c",
      spanId: "b7ad6b7169203331",
      sampled: false,
    });
  });
});
