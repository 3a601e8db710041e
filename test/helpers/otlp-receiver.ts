import http from "node:http";
import type { AddressInfo } from "node:net";

/** One export an OTLP/HTTP receiver got. */
export interface Export {
  path: string;
  contentType: string;
  body: Buffer;
}

/**
 * A real OTLP/HTTP receiver on 127.0.0.1 (port 0): it answers 200 to every POST and keeps what it got,
 * as a collector's otlphttp receiver would.
 */
export async function otlpReceiver(): Promise<{
  url: string;
  exports: Export[];
  /** Resolves once `pred` holds for what arrived (polled), or rejects after `ms`. */
  until(pred: (exports: Export[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}> {
  const exports: Export[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      exports.push({
        path: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        body: Buffer.concat(chunks),
      });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    async until(pred, ms = 10_000) {
      const end = Date.now() + ms;
      while (!pred(exports)) {
        if (Date.now() > end)
          throw new Error(`the receiver got ${exports.length} exports, not what was expected`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A span of an OTLP/JSON export, its attributes as a plain object. */
export interface JsonSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  status: { code?: number };
  attributes: Record<string, unknown>;
}

/** Every span of the OTLP/JSON trace exports, flattened. */
export function jsonSpans(exports: Export[]): JsonSpan[] {
  type Raw = Omit<JsonSpan, "attributes"> & {
    attributes: Array<{ key: string; value: Record<string, unknown> }>;
  };
  type Doc = { resourceSpans: Array<{ scopeSpans: Array<{ spans: Raw[] }> }> };
  return exports
    .filter((e) => e.path === "/v1/traces")
    .flatMap((e) => (JSON.parse(e.body.toString("utf8")) as Doc).resourceSpans)
    .flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))
    .map((s) => ({
      ...s,
      attributes: Object.fromEntries(s.attributes.map((a) => [a.key, Object.values(a.value)[0]])),
    }));
}
