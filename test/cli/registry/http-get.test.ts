import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpGet, type GetResponse } from "../../../cli/registry/http-get.js";
import { RegistryClient } from "../../../cli/registry/registry-client.js";
import { isConnectoryError } from "../../../src/core/errors.js";

// httpGet stands in for fetch in the registry client (cli/lib/http-get.ts): each case is asked of
// both, against one real server, and must come out the same.

let base = "";
let server: http.Server;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const url = new URL(req.url ?? "/", "http://x");
    const n = Number(url.searchParams.get("n") ?? 0);
    switch (url.pathname) {
      case "/json":
        return res
          .writeHead(200, { "content-type": "application/json", "x-twice": ["a", "b"] })
          .end('{"ok":true}');
      case "/chunked": // no Content-Length
        res.writeHead(200);
        res.write("part one, ");
        return setTimeout(() => res.end("part two"), 20);
      case "/gzip":
        return res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync("unzipped ✓"));
      case "/br":
        return res.writeHead(200, { "content-encoding": "br" }).end(zlib.brotliCompressSync("unbrotlied"));
      case "/problem":
        return res
          .writeHead(404, "Not Found", { "content-type": "application/problem+json" })
          .end('{"code":"x.y"}');
      case "/redirect": // n hops, relative then absolute
        return res
          .writeHead(n % 2 ? 302 : 301, { location: n > 1 ? `/redirect?n=${n - 1}` : `${base}/json` })
          .end("moved");
      case "/redirect-forever":
        return res.writeHead(307, { location: "/redirect-forever" }).end();
      case "/no-location":
        return res.writeHead(302).end("stay");
      case "/slow-headers":
        return setTimeout(() => res.writeHead(200).end("late"), 2_000);
      case "/slow-body":
        res.writeHead(200, { "content-length": "100" });
        res.write("x".repeat(10));
        return setTimeout(() => res.end("y".repeat(90)), 2_000);
      case "/empty":
        return res.writeHead(204).end();
      default:
        return res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Outcome =
  | {
      status: number;
      ok: boolean;
      statusText: string;
      type: string | null;
      twice: string | null;
      text: string;
    }
  | { rejected: string };

async function outcome(get: () => Promise<GetResponse>): Promise<Outcome> {
  try {
    const res = await get();
    return {
      status: res.status,
      ok: res.ok,
      statusText: res.statusText,
      type: res.headers.get("Content-Type"),
      twice: res.headers.get("x-twice"),
      text: await res.text().catch((e: Error) => `body failed: ${e.name}`),
    };
  } catch (error) {
    return { rejected: (error as Error).name };
  }
}

const both = async (
  path: string,
  init: { signal?: () => AbortSignal; headers?: Record<string, string> } = {},
) => {
  const make = () => ({
    ...(init.headers ? { headers: init.headers } : {}),
    ...(init.signal ? { signal: init.signal() } : {}),
  });
  const ours = await outcome(() => httpGet(`${base}${path}`, make()));
  const theirs = await outcome(() => fetch(`${base}${path}`, make()));
  return { ours, theirs };
};

describe("httpGet, against fetch", () => {
  it.each([
    ["/json"],
    ["/chunked"],
    ["/gzip"],
    ["/br"],
    ["/problem"],
    ["/redirect?n=1"],
    ["/redirect?n=4"],
    ["/no-location"],
    ["/empty"],
  ])("GET %s answers the same", async (path) => {
    const { ours, theirs } = await both(path);
    expect(ours).toEqual(theirs);
    expect("status" in ours).toBe(true);
  });

  it("gives up after 20 redirects, as fetch does", async () => {
    const { ours, theirs } = await both("/redirect-forever");
    expect(ours).toEqual({ rejected: "TypeError" });
    expect(theirs).toEqual(ours);
  });

  it("rejects with the signal's reason (a TimeoutError) when headers are late", async () => {
    const { ours, theirs } = await both("/slow-headers", { signal: () => AbortSignal.timeout(100) });
    expect(ours).toEqual({ rejected: "TimeoutError" });
    expect(theirs).toEqual(ours);
  });

  it("errors the body when the signal fires after the headers", async () => {
    const { ours, theirs } = await both("/slow-body", { signal: () => AbortSignal.timeout(200) });
    expect(ours).toMatchObject({ status: 200, text: "body failed: TimeoutError" });
    expect(theirs).toEqual(ours);
  });

  it("a refused connection and a bad URL reject with a TypeError", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise((resolve) => closed.close(resolve));
    for (const target of [url, "not a url", "ftp://example.com/x"]) {
      expect(await outcome(() => httpGet(target))).toEqual({ rejected: "TypeError" });
      expect(await outcome(() => fetch(target))).toEqual({ rejected: "TypeError" });
    }
  });

  it("sends the caller's headers and fetch's defaults for the rest", async () => {
    seen.length = 0;
    await (await httpGet(`${base}/json`, { headers: { accept: "application/json" } })).text();
    await (await httpGet(`${base}/json`)).text();
    expect(seen.map((h) => h.accept)).toEqual(["application/json", "*/*"]);
    expect(seen[1]).toMatchObject({ "user-agent": "node" });
  });
});

describe("RegistryClient on the process's fetch", () => {
  it("uses httpGet and reports failures as with fetch", async () => {
    const wrapped = new RegistryClient(base, ((input: string, init?: RequestInit) =>
      fetch(input, init)) as typeof fetch);
    const direct = new RegistryClient(base, globalThis.fetch);
    const modes: Array<Array<string | undefined>> = [];
    for (const client of [wrapped, direct]) {
      seen.length = 0;
      const error = await client.connector("missing").catch((e: unknown) => e);
      expect(isConnectoryError(error) && error.code).toBe("registry.http.500");
      expect(await client.download(`${base}/chunked`)).toEqual(
        new TextEncoder().encode("part one, part two"),
      );
      expect(await client.healthy(500)).toBe(false); // /healthz answers 500 here
      modes.push(seen.map((h) => h["sec-fetch-mode"] as string | undefined));
    }
    // fetch marks its requests; httpGet does not: the process's own fetch was not used.
    expect(modes).toEqual([
      ["cors", "cors", "cors"],
      [undefined, undefined, undefined],
    ]);
  });
});
