import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientEnv,
  createTestRegistry,
  packDir,
  packPackage,
  publishSamples,
  type TestRegistry,
} from "../helpers/registry.js";

let reg: TestRegistry;
let acme: string;
let weatherBytes: Uint8Array;
beforeAll(async () => {
  reg = await createTestRegistry();
  acme = await reg.token("acme");
  await publishSamples(reg);
  weatherBytes = await packDir("weather");
  for (const version of ["1.0.0", "1.1.0", "2.0.0-beta.1"]) {
    const res = await reg.publish(
      await packPackage({ name: "multi", version, categories: ["ai"] }),
      acme,
      "multi",
    );
    expect(res.status).toBe(201);
  }
});
afterAll(() => reg.close());

const json = async (res: Response) => (await res.json()) as Record<string, any>;

describe("GET /v1/connectors/:name", () => {
  it("serves the installer's contract: versions, dist-tags, dist with absolute URLs, downloads", async () => {
    const res = await reg.request("/v1/connectors/multi");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const doc = await json(res);
    expect(doc).toMatchObject({
      name: "multi",
      publisher: "acme",
      distTags: { latest: "1.1.0" },
      downloads: 0,
    });
    expect(Object.keys(doc.versions)).toEqual(["1.0.0", "1.1.0", "2.0.0-beta.1"]);
    expect(doc.versions["1.1.0"]).toMatchObject({
      version: "1.1.0",
      yanked: false,
      dist: {
        tarball: `${reg.publicUrl}/v1/connectors/multi/1.1.0/tarball`,
        integrity: expect.stringMatching(/^sha512-/),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        size: expect.any(Number),
      },
    });
  });

  it("has an ETag; If-None-Match gives 304; a download changes the ETag", async () => {
    const first = await reg.request("/v1/connectors/weather");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await reg.request("/v1/connectors/weather", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await reg.request("/v1/connectors/weather/1.0.0/tarball");
    const after = await reg.request("/v1/connectors/weather", { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect((await json(after)).downloads).toBe(1);
  });

  it("404 problem for an unknown connector, 400 for an impossible name", async () => {
    const res = await reg.request("/v1/connectors/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect((await json(res)).code).toBe("connector.not-found");
    expect((await json(await reg.request("/v1/connectors/NOPE!"))).code).toBe("connector.name.invalid");
  });
});

describe("GET /v1/connectors/:name/:version", () => {
  it("serves manifest, mcp.json, token schema, skills with descriptions, readme and dist", async () => {
    const doc = await json(await reg.request("/v1/connectors/weather/1.0.0"));
    expect(doc.manifest.name).toBe("weather");
    expect(Object.keys(doc.mcp.mcpServers)).toContain("weather");
    expect(doc.tokenSchema.type).toBe("object");
    expect(doc.skills.length).toBeGreaterThan(0);
    expect(doc.skills[0]).toEqual({
      name: expect.any(String),
      description: expect.any(String),
      path: expect.stringMatching(/SKILL\.md$/),
    });
    expect(typeof doc.readme).toBe("string");
    expect(doc.dist.integrity).toMatch(/^sha512-/);
  });

  it("resolves tags (latest skips prereleases) and serves ETag/304", async () => {
    const res = await reg.request("/v1/connectors/multi/latest");
    expect((await json(res)).version).toBe("1.1.0");
    const etag = res.headers.get("etag")!;
    expect(
      (await reg.request("/v1/connectors/multi/1.1.0", { headers: { "if-none-match": `W/${etag}, "x"` } }))
        .status,
    ).toBe(304);
    expect((await json(await reg.request("/v1/connectors/multi/2.0.0-beta.1"))).version).toBe("2.0.0-beta.1");
  });

  it("404 for an unknown version or tag, 400 for a malformed one", async () => {
    expect((await json(await reg.request("/v1/connectors/multi/9.9.9"))).code).toBe("version.not-found");
    expect((await json(await reg.request("/v1/connectors/multi/nightly"))).code).toBe("dist-tag.not-found");
    expect((await json(await reg.request("/v1/connectors/nope/1.0.0"))).code).toBe("connector.not-found");
    const bad = await reg.request("/v1/connectors/multi/1.0");
    expect(bad.status).toBe(400);
    expect((await json(bad)).code).toBe("version.invalid");
  });
});

describe("GET /v1/connectors/:name/:version/tarball", () => {
  it("serves the exact bytes with length, ETag and immutable caching, and counts downloads", async () => {
    const res = await reg.request("/v1/connectors/weather/1.0.0/tarball");
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(Buffer.from(weatherBytes))).toBe(true);
    expect(res.headers.get("content-length")).toBe(String(weatherBytes.byteLength));
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toBe("application/gzip");
    const etag = res.headers.get("etag")!;
    const before = (await json(await reg.request("/v1/connectors/weather"))).downloads as number;
    expect(
      (await reg.request("/v1/connectors/weather/1.0.0/tarball", { headers: { "if-none-match": etag } }))
        .status,
    ).toBe(304);
    expect((await reg.request("/v1/connectors/weather/1.0.0/tarball", { method: "HEAD" })).status).toBe(200);
    expect((await json(await reg.request("/v1/connectors/weather"))).downloads).toBe(before); // 304 and HEAD do not count
    // A client counts once per version per day (src/registry/download-mark.ts): a new address counts.
    await reg.app.request(
      `${reg.publicUrl}/v1/connectors/weather/latest/tarball`,
      undefined,
      clientEnv("10.9.9.9"),
    );
    expect((await json(await reg.request("/v1/connectors/weather"))).downloads).toBe(before + 1);
  });

  it("404 for a missing version", async () => {
    expect((await reg.request("/v1/connectors/weather/3.0.0/tarball")).status).toBe(404);
  });
});

it("GET /v1/categories counts connectors per category, every category listed", async () => {
  const body = await json(await reg.request("/v1/categories"));
  const byName = Object.fromEntries(
    body.categories.map((c: { name: string; count: number }) => [c.name, c.count]),
  );
  expect(byName.ai).toBe(1);
  expect(byName.weather).toBe(1);
  expect(byName.security).toBe(0);
  expect(body.categories).toHaveLength(17);
});

it("GET /healthz and GET /v1/whoami", async () => {
  expect(await json(await reg.request("/healthz"))).toEqual({ status: "ok" });
  expect(
    await json(await reg.request("/v1/whoami", { headers: { authorization: `Bearer ${acme}` } })),
  ).toEqual({ publisher: "acme" });
  expect((await reg.request("/v1/whoami")).status).toBe(401);
});

it("unknown API routes and methods are problem+json 404s", async () => {
  for (const [path, method] of [
    ["/v1/nothing", "GET"],
    ["/v1/connectors/weather", "PATCH"],
  ] as const) {
    const res = await reg.request(path, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect((await json(res)).code).toBe("route.not-found");
  }
});

it("documents follow a new PUBLIC_URL (rebuilt once at start-up)", async () => {
  const { createApp } = await import("../../src/server/app.js");
  const { FsBlobStore } = await import("../../src/storage/fs-blob-store.js");
  const moved = createApp({
    db: reg.repo,
    blobs: new FsBlobStore(reg.blobDir),
    publicUrl: "https://cdn.example.com/",
  });
  const doc = (await (await moved.request("https://cdn.example.com/v1/connectors/multi")).json()) as Record<
    string,
    any
  >;
  expect(doc.versions["1.0.0"].dist.tarball).toBe(
    "https://cdn.example.com/v1/connectors/multi/1.0.0/tarball",
  );
  const version = (await (
    await moved.request("https://cdn.example.com/v1/connectors/multi/1.0.0")
  ).json()) as Record<string, any>;
  expect(version.dist.tarball).toBe("https://cdn.example.com/v1/connectors/multi/1.0.0/tarball");
});
