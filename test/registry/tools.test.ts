import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// PUT /v1/connectors/:name/:version/tools: the owner reports the tools of a version; the version
// document then carries them, marked as reported by the publisher.

let reg: TestRegistry;
let acme: string;
const NOW = "2026-03-04T05:06:07.000Z";

const TWO_SERVERS = JSON.stringify({
  mcpServers: {
    api: { type: "streamable-http", url: "https://example.com/mcp" },
    local: { command: "npx", args: ["-y", "@example/server"] },
  },
});

const TOOL = {
  name: "forecast",
  title: "Forecast",
  description: "The forecast for a city",
  inputSchema: {
    type: "object",
    properties: { city: { type: "string", description: "City name" } },
    required: ["city"],
  },
  annotations: { readOnlyHint: true, title: "Forecast", somethingNew: 1 },
  outputSchema: { type: "object" },
  _meta: { secret: "dropped" },
  server: "api",
};

beforeAll(async () => {
  reg = await createTestRegistry({ now: () => new Date(NOW) });
  acme = await reg.token("acme");
  for (const version of ["1.0.0", "1.1.0"]) {
    const bytes = await packPackage({ name: "tooled", version }, { "mcp.json": TWO_SERVERS });
    expect((await reg.publish(bytes, acme, "tooled")).status).toBe(201);
  }
});
afterAll(() => reg.close());

const put = (body: string | Uint8Array, token: string | null = acme, path = "tooled/1.0.0") =>
  reg.request(`/v1/connectors/${path}/tools`, {
    method: "PUT",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
const versionDoc = async (version = "1.0.0") =>
  (await (await reg.request(`/v1/connectors/tooled/${version}`)).json()) as Record<string, any>;

describe("PUT /v1/connectors/:name/:version/tools", () => {
  it("stores the owner's report: the version document carries it, marked as the publisher's", async () => {
    const connectorBefore = await (await reg.request("/v1/connectors/tooled")).text();
    const res = await put(
      JSON.stringify({ tools: [TOOL, { name: "status", inputSchema: {}, server: "local" }] }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: "tooled",
      version: "1.0.0",
      tools: { reportedBy: "publisher", reportedAt: NOW, count: 2 },
    });
    const doc = await versionDoc();
    expect(doc.tools).toEqual({
      reportedBy: "publisher",
      reportedAt: NOW,
      items: [
        {
          name: "forecast",
          server: "api",
          title: "Forecast",
          description: "The forecast for a city",
          inputSchema: TOOL.inputSchema,
          annotations: { title: "Forecast", readOnlyHint: true }, // unknown hints and fields are dropped
        },
        { name: "status", server: "local", inputSchema: {} },
      ],
    });
    expect(doc.dist.tarball).toBe(`${reg.publicUrl}/v1/connectors/tooled/1.0.0/tarball`);
    expect((await versionDoc("1.1.0")).tools).toBeUndefined(); // per version
    // The connector document does not change (the web's connector page reads tools from the version).
    expect(await (await reg.request("/v1/connectors/tooled")).text()).toBe(connectorBefore);
  });

  it("a new report replaces the old one; yank and unyank keep it", async () => {
    expect((await put(JSON.stringify({ tools: [TOOL] }))).status).toBe(200);
    const auth = { authorization: `Bearer ${acme}` };
    await reg.request("/v1/connectors/tooled/1.0.0/yank", { method: "POST", headers: auth });
    const yanked = await versionDoc();
    expect(yanked.yanked).toBe(true);
    expect(yanked.tools.items.map((t: { name: string }) => t.name)).toEqual(["forecast"]);
    await reg.request("/v1/connectors/tooled/1.0.0/unyank", { method: "POST", headers: auth });
    expect((await put(JSON.stringify({ tools: [] }))).status).toBe(200);
    expect((await versionDoc()).tools).toEqual({ reportedBy: "publisher", reportedAt: NOW, items: [] });
  });

  it("refuses anyone but the owner, unknown connectors and versions, and tags", async () => {
    const other = await reg.token("other");
    const body = JSON.stringify({ tools: [TOOL] });
    const cases: Array<[Response, number, string]> = [
      [await put(body, null), 401, "auth.required"],
      [await put(body, "cty_not-a-token"), 401, ""],
      [await put(body, other), 403, "connector.forbidden"],
      [await put(body, acme, "nothing-here/1.0.0"), 404, "connector.not-found"],
      [await put(body, acme, "tooled/9.9.9"), 404, "version.not-found"],
      [await put(body, acme, "tooled/latest"), 400, "version.invalid"],
      [await put(body, acme, "Tooled/1.0.0"), 400, "connector.name.invalid"],
    ];
    const before = await reg.snapshot();
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      if (code) expect(((await res.json()) as { code: string }).code).toBe(code);
    }
    expect(await reg.snapshot()).toBe(before);
  });

  it("hostile and malformed reports: every problem at once, a clear code, nothing written", async () => {
    let deep = "{}";
    for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
    const cases: Array<[string | Uint8Array, number, string, string[]?]> = [
      ["not json", 400, "request.body.invalid-json"],
      [new Uint8Array([0xff, 0xfe, 0x7b]), 400, "request.body.invalid-json"],
      ["[]", 422, "tools.invalid", ["tools.body.invalid"]],
      ['{"tools": {}}', 422, "tools.invalid", ["tools.body.invalid"]],
      [
        JSON.stringify({
          tools: Array.from({ length: 257 }, (_, i) => ({ name: `t${i}`, inputSchema: {} })),
        }),
        422,
        "tools.invalid",
        ["tools.too-many"],
      ],
      [
        `{"tools": [{"name": "deep", "inputSchema": ${deep}}]}`,
        422,
        "tools.invalid",
        ["tools.inputSchema.too-deep"],
      ],
      [
        JSON.stringify({
          tools: [
            { name: "", inputSchema: {} },
            { name: "x".repeat(129), inputSchema: {} },
            { name: "evil\n[ok] forged", inputSchema: {} },
            { name: "s", inputSchema: { type: "string" } },
            { name: "a", inputSchema: [] },
            { name: "d", description: "d".repeat(8193), inputSchema: {} },
            { name: "t", title: 7, inputSchema: {} },
            { name: "h", inputSchema: {}, annotations: { readOnlyHint: "yes" } },
            { name: "h2", inputSchema: {}, annotations: [] },
            { name: "srv", inputSchema: {}, server: "nope" },
            { name: "dup", inputSchema: {}, server: "api" },
            { name: "dup", inputSchema: {}, server: "api" },
            { name: "big", inputSchema: { type: "object", description: "x".repeat(70_000) } },
            "not a tool",
          ],
        }),
        422,
        "tools.invalid",
        [
          "tools.name.invalid",
          "tools.name.invalid",
          "tools.name.invalid",
          "tools.inputSchema.invalid",
          "tools.inputSchema.invalid",
          "tools.description.invalid",
          "tools.title.invalid",
          "tools.annotations.invalid",
          "tools.annotations.invalid",
          "tools.server.unknown",
          "tools.name.duplicate",
          "tools.inputSchema.too-large",
          "tools.tool.invalid",
        ],
      ],
    ];
    const before = await reg.snapshot();
    for (const [body, status, code, problems] of cases) {
      const res = await put(body);
      const problem = (await res.json()) as { code: string; errors?: Array<{ code: string; path: string }> };
      expect([res.status, problem.code], String(body).slice(0, 80)).toEqual([status, code]);
      if (problems) expect(problem.errors?.map((e) => e.code)).toEqual(problems);
    }
    expect(await reg.snapshot()).toBe(before);
    expect(reg.errors).toEqual([]);
  });

  it("an oversized body is a 413 before it is all read; __proto__ keys stay plain data", async () => {
    const before = await reg.snapshot();
    const huge = JSON.stringify({
      tools: [{ name: "x", description: "y".repeat(1024 * 1024), inputSchema: {} }],
    });
    const res = await put(huge);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe("request.body.too-large");
    expect(await reg.snapshot()).toBe(before);

    const proto =
      '{"tools": [{"name": "p", "inputSchema": {"__proto__": {"polluted": true}, "type": "object"}}]}';
    expect((await put(proto, acme, "tooled/1.1.0")).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const raw = await (await reg.request("/v1/connectors/tooled/1.1.0")).text();
    expect(raw).toContain('"__proto__":{"polluted":true}');
  });

  it("a new PUBLIC_URL rebuilds the documents with their tools", async () => {
    expect((await put(JSON.stringify({ tools: [TOOL] }))).status).toBe(200);
    const { createApp } = await import("../../src/server/app.js");
    const { FsBlobStore } = await import("../../src/storage/fs-blob-store.js");
    const moved = createApp({
      db: reg.repo,
      blobs: new FsBlobStore(reg.blobDir),
      publicUrl: "https://m.example",
    });
    const doc = (await (
      await moved.request("https://m.example/v1/connectors/tooled/1.0.0")
    ).json()) as Record<string, any>;
    expect(doc.dist.tarball).toBe("https://m.example/v1/connectors/tooled/1.0.0/tarball");
    expect(doc.tools.items.map((t: { name: string }) => t.name)).toEqual(["forecast"]);
  });
});
