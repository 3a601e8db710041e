import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startServer } from "../../src/server/start-server.js";
import { jsonSpans, otlpReceiver } from "../helpers/otlp-receiver.js";
import { tempDir } from "../helpers/tmp.js";

// The registry's OpenTelemetry (issue 26): a real server on port 0 exporting to a real OTLP/HTTP
// receiver on 127.0.0.1, and nothing at all without OTEL_* variables.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function registry(env: Record<string, string>) {
  const dir = await tempDir();
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: path.join(dir, "registry.db"),
    storageDir: path.join(dir, "blobs"),
    seed: false,
    env,
    version: "9.9.9",
    log: () => undefined,
  });
  return server;
}

describe("the registry's telemetry", () => {
  it("exports a server span per request (the caller's traceparent as parent) and the request-duration histogram", async () => {
    const receiver = await otlpReceiver();
    closers.push(() => receiver.close());
    const server = await registry({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_SERVICE_NAME: "registry-test",
    });
    const parent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    expect((await fetch(`${server.url}/healthz`, { headers: { traceparent: parent } })).status).toBe(200);
    expect((await fetch(`${server.url}/v1/connectors/nope-nothing-here`)).status).toBe(404);
    await server.close(); // sends what is left before it resolves
    const spans = jsonSpans(receiver.exports);
    const health = spans.find((s) => s.attributes["url.path"] === "/healthz");
    expect(health).toMatchObject({
      name: "GET",
      kind: 2,
      traceId: "0af7651916cd43dd8448eb211c80319c",
      parentSpanId: "b7ad6b7169203331",
    });
    expect(health?.attributes).toMatchObject({
      "http.request.method": "GET",
      "http.response.status_code": "200", // OTLP/JSON writes int64 as a string
    });
    const missing = spans.find((s) => s.attributes["url.path"] === "/v1/connectors/nope-nothing-here");
    expect(missing?.attributes["http.response.status_code"]).toBe("404");
    expect(missing?.status.code ?? 0).toBe(0); // a 4xx is the client's error, not the server's
    const metrics = receiver.exports.filter((e) => e.path === "/v1/metrics").map((e) => e.body.toString());
    expect(metrics.join("")).toContain("http.server.request.duration");
    expect(metrics.join("")).toContain('"registry-test"');
  });

  it("exports nothing and loads no exporter when no OTEL_* endpoint is set", async () => {
    const receiver = await otlpReceiver();
    closers.push(() => receiver.close());
    const server = await registry({ OTEL_SERVICE_NAME: "x", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await server.close();
    expect(receiver.exports).toEqual([]);
  });
});
