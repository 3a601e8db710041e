import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { packDir, packPackage, startTestServer } from "../helpers/registry.js";

// The node:http fast path of GET /v0.1/servers/{name}/versions/{version} (src/http/official-fast-path.ts)
// answers exactly as the Hono route does, and leaves everything else to Hono.

type Server = Awaited<ReturnType<typeof startTestServer>>;
const COMPARED = ["etag", "cache-control", "content-type", "content-length", "access-control-allow-origin"];
interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

let server: Server;
beforeAll(async () => {
  server = await startTestServer();
  const token = await server.token("connectory-samples");
  for (const [name, bytes] of [
    ["weather", await packDir("weather")],
    [
      "fast",
      await packPackage({
        name: "fast",
        version: "1.0.0",
        publisher: "connectory-samples",
        description: "Ünïcødé ✓",
      }),
    ],
  ] as const) {
    const res = await fetch(`${server.url}/v1/connectors/${name}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
    expect(res.status).toBe(201);
  }
}, 60_000);
afterAll(() => server?.close());

/** One raw HTTP request, the target byte for byte. */
function raw(target: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${server.url}${target}`, { headers });
    req.path = target;
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          headers: Object.fromEntries(COMPARED.map((k) => [k, res.headers[k] as string | undefined])),
          body,
        }),
      );
    });
    req.end();
  });
}

async function viaHono(target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await server.app.request(`${server.url}${target}`, { headers });
  const body = await res.text();
  const picked: Record<string, string | undefined> = Object.fromEntries(
    COMPARED.map((k) => [k, res.headers.get(k) ?? undefined]),
  );
  if (body !== "" && picked["content-length"] === undefined)
    picked["content-length"] = String(Buffer.byteLength(body));
  return { status: res.status, headers: picked, body };
}

/** `target` answered 200, then 304 for its ETag, each byte for byte as the Hono route answers it. */
async function expectAsHono(target: string): Promise<void> {
  const first = await raw(target);
  expect(first.status, target).toBe(200);
  expect(first).toEqual(await viaHono(target));
  const etag = first.headers.etag!;
  const cached = await raw(target, { "if-none-match": etag });
  expect(cached.status).toBe(304);
  expect(cached).toEqual(await viaHono(target, { "if-none-match": etag }));
}

it("answers found entries (200 and 304) byte for byte as Hono does", async () => {
  for (const target of [
    "/v0.1/servers/dev.connectory%2Ffast/versions/latest",
    "/v0/servers/dev.connectory%2Ffast/versions/1.0.0",
    "/v0.1/servers/dev.connectory%2fweather/versions/latest",
  ]) {
    await expectAsHono(target);
  }
});

it("answers listings with plain queries (200 and 304) byte for byte as Hono does", async () => {
  for (const target of [
    "/v0.1/servers",
    "/v0.1/servers?",
    "/v0.1/servers?search=fast&version=latest",
    "/v0/servers?limit=1",
    "/v0.1/servers?limit=1&unknown=x&search=",
    "/v0.1/servers?updated_since=2000-01-01T00:00:00Z",
    "/v0.1/servers?search=f%61st&limit=2",
    "/v0.1/servers?search=fast+weather",
    "/v0.1/servers?search=%C3%9Cn%C3%AF",
  ]) {
    await expectAsHono(target);
  }
  // Page 2 by the cursor of page 1, and the listing of a publish made after the first was kept.
  const page1 = JSON.parse((await raw("/v0.1/servers?limit=1")).body) as { metadata: { nextCursor: string } };
  const next = `/v0.1/servers?limit=1&cursor=${page1.metadata.nextCursor}`;
  expect(await raw(next)).toEqual(await viaHono(next));
  expect(JSON.parse((await raw(next)).body).servers).toHaveLength(1);
});

it("leaves listings it cannot read as Hono does, and bad ones, to Hono", async () => {
  for (const target of [
    "/v0.1/servers?search=%E0%A4%A", // malformed
    "/v0.1/servers?search=a%20b&search=c", // repeated
    "/v0.1/servers?se%61rch=fast", // an encoded key
    "/v0.1/servers?limit=0", // 422
    "/v0.1/servers?cursor=nonsense", // 422
    "/v0.1/servers/",
  ]) {
    expect(await raw(target), target).toEqual(await viaHono(target));
  }
});

it("leaves misses, queries and other forms to Hono", async () => {
  for (const target of [
    "/v0.1/servers/dev.connectory%2Fnope/versions/latest",
    "/v0.1/servers/dev.connectory%2Ffast/versions/9.9.9",
    "/v0.1/servers/dev.connectory%2Ffast/versions/latest?include_deleted=true",
    "/v0.1/servers/dev.connectory/fast/versions/latest",
    "/v0.1/servers/dev.connectory%2Ffast/versions",
  ]) {
    expect(await raw(target)).toEqual(await viaHono(target));
  }
});

it("really serves found entries itself, and only those", async () => {
  const { withOfficialFastPath } = await import("../../src/http/official-fast-path.js");
  const passed: string[] = [];
  const probe = http.createServer(
    withOfficialFastPath(
      (req, res) => {
        passed.push(req.url ?? "");
        res.writeHead(599).end();
      },
      () => server.app.official,
    ),
  );
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  try {
    const base = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
    expect((await fetch(`${base}/v0.1/servers/dev.connectory%2Ffast/versions/latest`)).status).toBe(200);
    expect((await fetch(`${base}/v0.1/servers/dev.connectory%2Fnope/versions/latest`)).status).toBe(599);
    expect((await fetch(`${base}/v1/connectors/fast`)).status).toBe(599);
    expect((await fetch(`${base}/v0.1/servers?search=fast&limit=5`)).status).toBe(200);
    expect((await fetch(`${base}/v0.1/servers?limit=0`)).status).toBe(599);
    expect((await fetch(`${base}/v0.1/servers?search=%E0%A4%A`)).status).toBe(599);
    expect(passed).toEqual([
      "/v0.1/servers/dev.connectory%2Fnope/versions/latest",
      "/v1/connectors/fast",
      "/v0.1/servers?limit=0",
      "/v0.1/servers?search=%E0%A4%A",
    ]);
  } finally {
    await new Promise((resolve) => probe.close(resolve));
  }
});
