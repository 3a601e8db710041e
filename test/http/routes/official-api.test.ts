import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONNECTORY_META,
  OFFICIAL_META,
  type ServerList,
  type ServerResponse,
} from "../../../src/core/official/types.js";
import { schemaErrors } from "../../helpers/official.js";
import {
  createTestRegistry,
  packPackage,
  publishSamples,
  type TestRegistry,
} from "../../helpers/registry.js";

// The official MCP Registry read API (GET /v0.1/servers …) over the samples and a few generated connectors.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE=postgres (npm run test:postgres).

let reg: TestRegistry;
let acme: string;
const NS = "dev.connectory";
const json = async <T = Record<string, any>>(res: Response) => (await res.json()) as T;
const list = async (query: string) => {
  const res = await reg.request(`/v0.1/servers${query}`);
  expect(res.status).toBe(200);
  return json<ServerList>(res);
};
const post = (path: string, body?: unknown) =>
  reg.request(path, {
    method: "POST",
    headers: { authorization: `Bearer ${acme}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
async function publish(name: string, version: string, extra: Record<string, unknown> = {}) {
  const res = await reg.publish(await packPackage({ name, version, ...extra }), acme, name);
  expect(res.status).toBe(201);
}
/** Every page of a listing, following nextCursor; `drop` removes parameters on later pages as VS Code does. */
async function walk(query: URLSearchParams, drop: string[] = []) {
  const pages: ServerList[] = [];
  let cursor: string | undefined;
  do {
    const q = new URLSearchParams(query);
    if (cursor) {
      for (const key of drop) q.delete(key);
      q.set("cursor", cursor);
    }
    pages.push(await list(`?${q}`));
    cursor = pages[pages.length - 1]!.metadata.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}
const names = (entries: ServerResponse[]) => entries.map((e) => `${e.server.name}@${e.server.version}`);

beforeAll(async () => {
  reg = await createTestRegistry();
  await publishSamples(reg);
  acme = await reg.token("acme");
  await publish("multi", "1.0.0");
  await publish("multi", "1.1.0");
  await publish("gone", "1.0.0");
  expect((await post("/v1/connectors/gone/1.0.0/yank")).status).toBe(200);
  await publish("old", "1.0.0", { description: "An old connector about stock tickers" });
  expect((await post("/v1/connectors/old/1.0.0/deprecate", { message: "use new instead" })).status).toBe(200);
  for (let i = 0; i < 7; i++) await publish(`page-${i}`, "1.0.0");
}, 60_000);
afterAll(async () => {
  expect(reg.errors).toEqual([]); // nothing above was a bug (a 500)
  await reg.close();
});

describe("GET /v0.1/servers", () => {
  it("every entry is a valid server.json with _meta, newest version only with version=latest", async () => {
    const { servers, metadata } = await list("?version=latest&limit=100");
    expect(metadata).toEqual({ count: servers.length });
    expect(servers.length).toBe(7 + 7 + 2); // samples, page-*, multi and old; gone is yanked
    for (const e of servers) {
      expect(schemaErrors(e.server)).toEqual([]);
      expect(e._meta[OFFICIAL_META]).toMatchObject({
        isLatest: true,
        status: expect.stringMatching(/^(active|deprecated)$/),
      });
      expect(e._meta[CONNECTORY_META]).toMatchObject({
        connector: expect.any(String),
        tarball: expect.any(String),
      });
    }
    expect(servers.find((e) => e.server.name === `${NS}/multi`)!.server.version).toBe("1.1.0");
    expect(servers.find((e) => e.server.name === `${NS}/old`)!._meta[OFFICIAL_META]).toMatchObject({
      status: "deprecated",
      statusMessage: "use new instead",
    });
  });

  it("without version it lists every version, newest first per name", async () => {
    const { servers } = await list("?limit=100");
    expect(names(servers.filter((e) => e.server.name === `${NS}/multi`))).toEqual([
      `${NS}/multi@1.1.0`,
      `${NS}/multi@1.0.0`,
    ]);
    expect(
      servers.find((e) => e.server.name === `${NS}/multi` && e.server.version === "1.0.0")!._meta[
        OFFICIAL_META
      ].isLatest,
    ).toBe(false);
  });

  it("pages of any size add up to the whole listing, with no nextCursor on the last", async () => {
    const all = names((await list("?limit=100")).servers);
    for (const limit of ["1", "2", "5"]) {
      const pages = await walk(new URLSearchParams({ limit }));
      expect(pages.flatMap((p) => names(p.servers))).toEqual(all);
      expect(pages[pages.length - 1]!.metadata.nextCursor).toBeUndefined();
      for (const p of pages.slice(0, -1)) expect(p.metadata.count).toBe(Number(limit));
    }
  });

  it("search pages continue the search when a client drops `search` (VS Code) or keeps it", async () => {
    const query = new URLSearchParams({ search: "page", limit: "2", version: "latest" });
    const kept = await walk(query);
    const dropped = await walk(query, ["search"]);
    const expected = Array.from({ length: 7 }, (_, i) => `${NS}/page-${i}@1.0.0`);
    expect(kept.flatMap((p) => names(p.servers))).toEqual(expected);
    expect(dropped.flatMap((p) => names(p.servers))).toEqual(expected);
    expect(kept.length).toBe(4);
  });

  it("search: a case-insensitive substring of the name, or Connectory's full-text index, name matches first", async () => {
    const stock = names((await list("?search=stock&version=latest")).servers);
    expect(stock).toContain(`${NS}/tushare@1.0.0`); // by its keywords and description
    expect(stock).toContain(`${NS}/old@1.0.0`);
    expect(names((await list("?search=TUSH")).servers)).toEqual([`${NS}/tushare@1.0.0`]);
    expect(names((await list("?search=connectory%2Fbrave")).servers)).toEqual([`${NS}/brave-search@1.0.0`]);
    const weather = names((await list("?search=weather&version=latest")).servers);
    expect(weather[0]).toBe(`${NS}/weather@1.0.0`);
    expect(names((await list("?search=zzznothing")).servers)).toEqual([]);
    expect(names((await list("?search=%25")).servers)).toEqual([]); // no LIKE wildcard
  });

  it("updated_since: only later changes, deleted ones included; a bad time is 400", async () => {
    expect((await list("?updated_since=2999-01-01T00:00:00Z")).servers).toEqual([]);
    const since = names((await list("?updated_since=2000-01-01T00:00:00%2B02:00&limit=100")).servers);
    expect(since).toContain(`${NS}/gone@1.0.0`);
    for (const bad of ["yesterday", "2026-01-01", "2026-13-01T00:00:00Z"]) {
      const res = await reg.request(`/v0.1/servers?updated_since=${bad}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect((await json(res)).code).toBe("official.updated_since.invalid");
    }
  });

  it("include_deleted shows yanked versions as deleted", async () => {
    expect(names((await list("?search=gone")).servers)).toEqual([]);
    const { servers } = await list("?search=gone&include_deleted=true");
    expect(servers.map((e) => e._meta[OFFICIAL_META].status)).toEqual(["deleted"]);
  });

  it("limit outside 1-100 is 422, a forged or mismatched cursor 400; unknown parameters are ignored", async () => {
    for (const limit of ["0", "101", "abc", "-1", "1.5"]) {
      const res = await reg.request(`/v0.1/servers?limit=${limit}`);
      expect([limit, res.status, (await json(res)).code]).toEqual([limit, 422, "official.limit.invalid"]);
    }
    const cursor = (await list("?limit=1&search=page")).metadata.nextCursor!;
    for (const bad of [
      "!!",
      "eyJ4IjoxfQ",
      "x".repeat(3000),
      Buffer.from('[1,null,null,null,0,0,"../x",0]').toString("base64url"),
    ]) {
      expect((await reg.request(`/v0.1/servers?cursor=${bad}`)).status).toBe(400);
    }
    const mismatch = await reg.request(`/v0.1/servers?cursor=${cursor}&search=other`);
    expect([mismatch.status, (await json(mismatch)).code]).toEqual([400, "official.cursor.mismatch"]);
    expect((await list("?source=cli&foo=bar&limit=100")).servers.length).toBe(
      (await list("?limit=100")).servers.length,
    );
  });

  it("the same API under /v0, with ETag and 304", async () => {
    const res = await reg.request("/v0/servers?limit=3");
    expect(res.status).toBe(200);
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect((await reg.request("/v0/servers?limit=3", { headers: { "if-none-match": etag } })).status).toBe(
      304,
    );
  });
});

describe("GET /v0.1/servers/{name}/versions[/{version}]", () => {
  it("accepts %2F names (and the two-segment form), latest and exact versions", async () => {
    for (const path of [
      `/v0.1/servers/${NS}%2Fmulti/versions/latest`,
      `/v0.1/servers/${NS}/multi/versions/latest`,
      `/v0/servers/${NS}%2Fmulti/versions/1.1.0`,
    ]) {
      const res = await reg.request(path);
      expect([path, res.status]).toEqual([path, 200]);
      const entry = await json<ServerResponse>(res);
      expect(entry.server.version).toBe("1.1.0");
      expect(entry._meta[OFFICIAL_META].isLatest).toBe(true);
    }
    const older = await json<ServerResponse>(await reg.request(`/v0.1/servers/${NS}%2Fmulti/versions/1.0.0`));
    expect(older._meta[OFFICIAL_META].isLatest).toBe(false);
    const versions = await json<ServerList>(await reg.request(`/v0.1/servers/${NS}%2Fmulti/versions`));
    expect(names(versions.servers)).toEqual([`${NS}/multi@1.1.0`, `${NS}/multi@1.0.0`]);
    expect(versions.metadata).toEqual({ count: 2 });
  });

  it("an entry follows every change: downloads, a tools report, deprecation (nothing stale is served)", async () => {
    await publish("live", "1.0.0");
    const path = `/v0.1/servers/${NS}%2Flive/versions/latest`;
    const get = async () => json<ServerResponse>(await reg.request(path));
    const first = await get();
    expect(first._meta[CONNECTORY_META]).toMatchObject({ downloads: 0 });
    expect(await get()).toEqual(first);
    expect((await reg.request("/v1/connectors/live/1.0.0/tarball")).status).toBe(200);
    expect((await get())._meta[CONNECTORY_META]).toMatchObject({ downloads: 1 });
    const tools = await reg.request("/v1/connectors/live/1.0.0/tools", {
      method: "PUT",
      headers: { authorization: `Bearer ${acme}`, "content-type": "application/json" },
      body: JSON.stringify({
        tools: [{ name: "ping", description: "Pings", inputSchema: { type: "object" } }],
      }),
    });
    expect(tools.status).toBe(200);
    expect((await get())._meta[CONNECTORY_META]!.tools).toEqual([{ name: "ping", description: "Pings" }]);
    expect((await post("/v1/connectors/live/1.0.0/deprecate", { message: "stop" })).status).toBe(200);
    expect((await get())._meta[OFFICIAL_META]).toMatchObject({ status: "deprecated", statusMessage: "stop" });
    expect((await post("/v1/connectors/live/1.0.0/yank")).status).toBe(200);
    expect((await reg.request(path)).status).toBe(404);
  });

  it("a listing seen before follows a tag, a deprecation and a yank (remembered by ETag, never stale)", async () => {
    await publish("flux", "1.0.0");
    await publish("flux", "1.1.0");
    const latest = async () =>
      (await list(`?search=flux&version=latest`)).servers.filter((e) => e.server.name === `${NS}/flux`);
    const seen = await latest();
    expect(names(seen)).toEqual([`${NS}/flux@1.1.0`]);
    expect(await latest()).toEqual(seen); // the second read comes from what was remembered
    const tag = await reg.request("/v1/connectors/flux/dist-tags/latest", {
      method: "PUT",
      headers: { authorization: `Bearer ${acme}`, "content-type": "application/json" },
      body: JSON.stringify({ version: "1.0.0" }),
    });
    expect(tag.status).toBe(200);
    expect(names(await latest())).toEqual([`${NS}/flux@1.0.0`]);
    expect((await post("/v1/connectors/flux/1.0.0/deprecate", { message: "old" })).status).toBe(200);
    expect((await latest())[0]!._meta[OFFICIAL_META]).toMatchObject({ status: "deprecated" });
    expect((await post("/v1/connectors/flux/1.1.0/yank")).status).toBe(200);
    const all = (await list(`?search=flux&include_deleted=true`)).servers.filter(
      (e) => e.server.name === `${NS}/flux`,
    );
    expect(all.map((e) => `${e.server.version} ${e._meta[OFFICIAL_META].status}`)).toEqual([
      "1.1.0 deleted",
      "1.0.0 deprecated",
    ]);
    expect(names((await list(`?search=flux`)).servers.filter((e) => e.server.name === `${NS}/flux`))).toEqual(
      [`${NS}/flux@1.0.0`],
    );
  });

  it("404 for unknown servers and versions, deleted ones unless include_deleted; 422 for a bad flag", async () => {
    const cases: Array<[string, number, string]> = [
      [`/v0.1/servers/${NS}%2Fnope/versions`, 404, "official.server.not-found"],
      [`/v0.1/servers/${NS}%2Fnope/versions/latest`, 404, "official.server.not-found"],
      [`/v0.1/servers/other.ns%2Fmulti/versions/latest`, 404, "official.server.not-found"],
      [`/v0.1/servers/${NS}%2FMULTI/versions/latest`, 404, "official.server.not-found"],
      [`/v0.1/servers/${NS}%2Fmulti/versions/9.9.9`, 404, "official.version.not-found"],
      [`/v0.1/servers/${NS}%2Fgone/versions/1.0.0`, 404, "official.server.not-found"],
      [
        `/v0.1/servers/${NS}%2Fmulti/versions/latest?include_deleted=maybe`,
        422,
        "official.include_deleted.invalid",
      ],
      [`/v0.1/nothing`, 404, "route.not-found"],
    ];
    for (const [path, status, code] of cases) {
      const res = await reg.request(path);
      expect([path, res.status, (await json(res)).code]).toEqual([path, status, code]);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    const gone = await reg.request(`/v0.1/servers/${NS}%2Fgone/versions/1.0.0?include_deleted=true`);
    expect((await json<ServerResponse>(gone))._meta[OFFICIAL_META].status).toBe("deleted");
  });

  it("CORS: any origin, GET and OPTIONS, on successes, errors and preflights", async () => {
    const get = await reg.request("/v0.1/servers?limit=1", { headers: { origin: "https://app.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    const pre = await reg.request(`/v0.1/servers/${NS}%2Fweather/versions/latest`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "GET" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-methods")).toBe("GET,OPTIONS");
    expect(
      (
        await reg.request("/v1/connectors/weather", { headers: { origin: "https://app.example" } })
      ).headers.get("access-control-allow-origin"),
    ).toBeNull();
  });
});

describe("MCP Bundles and GET /v1/connectors/:name/:version/server.json", () => {
  it("the bundled sample is an mcpb package whose file has the listed sha256", async () => {
    const entry = await json<ServerResponse>(
      await reg.request(`/v0.1/servers/${NS}%2Fweather/versions/latest`),
    );
    const [pkg] = entry.server.packages!;
    expect(pkg).toMatchObject({
      registryType: "mcpb",
      transport: { type: "stdio" },
      identifier: `${reg.publicUrl}/v1/connectors/weather/1.0.0/bundles/weather.mcpb`,
    });
    const res = await reg.request(pkg!.identifier);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="weather-1.0.0.mcpb"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(pkg!.fileSha256);
    expect(
      (await reg.request(pkg!.identifier, { headers: { "if-none-match": `"${pkg!.fileSha256}"` } })).status,
    ).toBe(304);
    for (const bad of [
      "/v1/connectors/weather/1.0.0/bundles/weather.zip",
      "/v1/connectors/weather/1.0.0/bundles/nope.mcpb",
      "/v1/connectors/tdx/1.0.0/bundles/tdx.mcpb",
    ]) {
      expect([bad, (await reg.request(bad)).status]).toEqual([bad, 404]);
    }
  });

  it("serves a version's entries, yanked ones included, and 404s an unknown version", async () => {
    const doc = await json<ServerList>(await reg.request("/v1/connectors/brave-search/1.0.0/server.json"));
    expect(doc.servers.map((e) => e.server.packages![0]!.identifier)).toEqual([
      "@brave/brave-search-mcp-server",
    ]);
    const latest = await json<ServerList>(await reg.request("/v1/connectors/multi/latest/server.json"));
    expect(names(latest.servers)).toEqual([`${NS}/multi@1.1.0`]);
    const gone = await json<ServerList>(await reg.request("/v1/connectors/gone/1.0.0/server.json"));
    expect(gone.servers[0]!._meta[OFFICIAL_META].status).toBe("deleted");
    expect((await reg.request("/v1/connectors/multi/3.0.0/server.json")).status).toBe(404);
    expect((await reg.request("/v1/connectors/nope/1.0.0/server.json")).status).toBe(404);
  });
});
