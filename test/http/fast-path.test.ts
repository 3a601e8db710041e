import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFastPath } from "../../src/http/fast-path.js";
import { packPackage, startTestServer } from "../helpers/registry.js";

// The node:http fast path of GET /v1/connectors/:name (src/http/fast-path.ts) must answer exactly as
// the Hono route does, and leave everything else to Hono.

type Server = Awaited<ReturnType<typeof startTestServer>>;
interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

const COMPARED = ["etag", "cache-control", "content-type", "content-length"] as const;

/** One raw HTTP request (no URL normalisation, unlike fetch). */
function raw(base: string, target: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method: init.method ?? "GET", headers: init.headers });
    req.path = target; // keep the target byte for byte (http.request would re-encode it)
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: pick(res.headers), body }));
    });
    req.end();
  });
}

function pick(headers: http.IncomingHttpHeaders | Headers): Answer["headers"] {
  const get = (k: string) =>
    headers instanceof Headers ? (headers.get(k) ?? undefined) : (headers[k] as string | undefined);
  return Object.fromEntries(COMPARED.map((k) => [k, get(k)]));
}

/** The same request through Hono in-process (no fast path). */
async function viaHono(
  server: Server,
  target: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await server.app.request(`${server.url}${target}`, { headers });
  const body = await res.text();
  const picked = pick(res.headers);
  // Hono leaves Content-Length to the node adapter; compare what goes on the wire.
  if (body !== "" && picked["content-length"] === undefined)
    picked["content-length"] = String(Buffer.byteLength(body));
  return { status: res.status, headers: picked, body };
}

describe("the connector document fast path", () => {
  let server: Server;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.token();
    for (const version of ["1.0.0", "1.1.0"]) {
      const res = await fetch(`${server.url}/v1/connectors/fast-one`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}` },
        body: (await packPackage({
          name: "fast-one",
          version,
          description: "Ünïcødé ✓ description",
        })) as Uint8Array<ArrayBuffer>,
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => server?.close());

  const sameAsHono = async (target: string, headers: Record<string, string> = {}) => {
    const wire = await raw(server.url, target, { headers });
    expect(wire).toEqual(await viaHono(server, target, headers));
    return wire;
  };

  it("serves the document with the route's status, headers and bytes (non-ASCII included)", async () => {
    const wire = await sameAsHono("/v1/connectors/fast-one");
    expect(wire.status).toBe(200);
    const doc = JSON.parse(wire.body) as { name: string; downloads: number; description: string };
    expect(doc).toMatchObject({ name: "fast-one", downloads: 0, description: "Ünïcødé ✓ description" });
    await sameAsHono("/v1/connectors/fast-one?ignored=1");
  });

  it("answers 304 for a matching If-None-Match and 200 otherwise, like the route", async () => {
    const { etag } = (await raw(server.url, "/v1/connectors/fast-one")).headers;
    for (const inm of [etag!, `W/${etag}`, `"other", ${etag}`, "*"]) {
      expect((await sameAsHono("/v1/connectors/fast-one", { "if-none-match": inm })).status).toBe(304);
    }
    for (const inm of ['"other"', "", `${etag!.slice(0, -2)}"`]) {
      expect((await sameAsHono("/v1/connectors/fast-one", { "if-none-match": inm })).status).toBe(200);
    }
  });

  it("follows downloads and new versions (the encoded-bytes cache never serves a stale document)", async () => {
    const before = await raw(server.url, "/v1/connectors/fast-one");
    expect((await fetch(`${server.url}/v1/connectors/fast-one/1.0.0/tarball`)).status).toBe(200);
    const counted = await sameAsHono("/v1/connectors/fast-one");
    expect(JSON.parse(counted.body)).toMatchObject({ downloads: 1 });
    expect(counted.headers.etag).not.toBe(before.headers.etag);
    const res = await fetch(`${server.url}/v1/connectors/fast-one`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: (await packPackage({ name: "fast-one", version: "2.0.0" })) as Uint8Array<ArrayBuffer>,
    });
    expect(res.status).toBe(201);
    const updated = await sameAsHono("/v1/connectors/fast-one");
    expect(Object.keys((JSON.parse(updated.body) as { versions: object }).versions)).toContain("2.0.0");
  });

  // SQLite keeps whole answers until its change counter moves; a commit by another connection (another
  // process of the same registry) must show at the next request. (PostgreSQL keeps nothing.)
  it.skipIf(process.env.TEST_DATABASE === "postgres")(
    "sees a commit of another connection at once (what it keeps follows the change counter)",
    async () => {
      const before = await sameAsHono("/v1/connectors/fast-one");
      expect((await sameAsHono("/v1/connectors/fast-one")).headers.etag).toBe(before.headers.etag);
      const other = new Database(path.join(server.dir, "registry.db"));
      try {
        other.prepare("UPDATE connectors SET downloads = downloads + 5 WHERE name = ?").run("fast-one");
      } finally {
        other.close();
      }
      const after = await sameAsHono("/v1/connectors/fast-one");
      const count = (a: Answer) => (JSON.parse(a.body) as { downloads: number }).downloads;
      expect(count(after)).toBe(count(before) + 5);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    },
  );

  it("leaves missing connectors, odd targets and other methods to Hono's answers", async () => {
    for (const target of [
      "/v1/connectors/not-there",
      "/v1/connectors/Fast-One",
      "/v1/connectors/fast-one/",
      "/v1/connectors/-bad",
      `/v1/connectors/${"a".repeat(65)}`,
    ]) {
      const wire = await sameAsHono(target);
      expect(wire.status, target).toBeGreaterThanOrEqual(400);
    }
    // Percent-encoding is Hono's to decode (it serves the document).
    expect((await sameAsHono("/v1/connectors/fast%2Done")).status).toBe(200);
    const head = await raw(server.url, "/v1/connectors/fast-one", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
  });
});

describe("withFastPath", () => {
  it("hands everything it does not serve to the next listener", async () => {
    const server = await startTestServer();
    const token = await server.token();
    await fetch(`${server.url}/v1/connectors/fast-two`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: (await packPackage({ name: "fast-two", version: "1.0.0" })) as Uint8Array<ArrayBuffer>,
    });
    const passed: string[] = [];
    const next: http.RequestListener = (req, res) => {
      passed.push(`${req.method} ${req.url}`);
      res.writeHead(418).end();
    };
    let registry: typeof server.app.registry | undefined;
    const wrapped = http.createServer(withFastPath(next, () => registry));
    await new Promise<void>((resolve) => wrapped.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(wrapped.address() as AddressInfo).port}`;
    try {
      // Not ready yet: nothing is served from the fast path.
      expect((await raw(base, "/v1/connectors/fast-two")).status).toBe(418);
      registry = server.app.registry;
      expect((await raw(base, "/v1/connectors/fast-two")).status).toBe(200);
      expect((await raw(base, "/v1/connectors/fast-two", { method: "HEAD" })).status).toBe(418);
      expect((await raw(base, "/v1/connectors/missing")).status).toBe(418);
      expect((await raw(base, "/v1/connectors/fast-two/1.0.0")).status).toBe(418);
      expect(passed).toEqual([
        "GET /v1/connectors/fast-two",
        "HEAD /v1/connectors/fast-two",
        "GET /v1/connectors/missing",
        "GET /v1/connectors/fast-two/1.0.0",
      ]);
    } finally {
      await new Promise((resolve) => wrapped.close(resolve));
      await server.close();
    }
  });
});
