import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { streamableServer } from "../fixtures/servers/http-servers.js";
import { SERVERS } from "../cli/inspect-fixtures.js";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, packDir, SAMPLES_DIR, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// `connectory publish --with-tools`: the package's servers really run (the bundled weather server, a
// stdio fixture, a streamable-HTTP server with a bearer token), their tools go to the registry after the
// tarball, and any failure before the upload leaves the registry untouched.

let reg: TestRegistry;
let samples: string;
let acme: string;
beforeAll(async () => {
  reg = await createTestRegistry({ now: () => new Date("2026-05-06T07:08:09Z") });
  samples = await reg.token("connectory-samples");
  acme = await reg.token("acme");
});
afterAll(() => reg.close());

/** The registry in-process; every other URL (a remote MCP server) over the real network stack. */
const fetchFn = ((input: Request | string | URL, init?: RequestInit) =>
  String(input instanceof Request ? input.url : input).startsWith(reg.publicUrl)
    ? reg.app.request(input, init)
    : globalThis.fetch(input, init)) as typeof fetch;

async function run(argv: string[], token: string, env: Record<string, string> = {}) {
  const home = await tempDir();
  const result = await cli(argv, {
    home,
    env: {
      CONNECTORY_REGISTRY: reg.publicUrl,
      CONNECTORY_TOKEN: token,
      PATH: process.env.PATH ?? "",
      ...env,
    },
    fetch: fetchFn,
  });
  return { ...result, json: () => JSON.parse(result.stdout) as Record<string, any> };
}

/** A package folder for publisher acme with these servers (and a token schema when given). */
async function writePackage(
  name: string,
  servers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const dir = path.join(await tempDir(), name);
  await fs.mkdir(dir, { recursive: true });
  const manifest = { name, version: "1.0.0", description: `The ${name} connector`, publisher: "acme" };
  await fs.writeFile(path.join(dir, "plugin.json"), JSON.stringify(manifest));
  await fs.writeFile(path.join(dir, "mcp.json"), JSON.stringify({ mcpServers: servers }));
  for (const [file, value] of Object.entries(extra))
    await fs.writeFile(path.join(dir, file), typeof value === "string" ? value : JSON.stringify(value));
  return dir;
}

const versionDoc = async (name: string, version = "1.0.0") => {
  const res = await reg.request(`/v1/connectors/${name}/${version}`);
  return res.status === 200 ? ((await res.json()) as Record<string, any>) : undefined;
};

const TOKEN_SCHEMA = {
  type: "object",
  properties: { API_TOKEN: { type: "string", title: "API token", secret: true } },
  required: ["API_TOKEN"],
  additionalProperties: false,
};

it("publishes the bundled weather sample with the tools its server lists, marked as the publisher's", async () => {
  const dir = path.join(await tempDir(), "weather");
  await fs.cp(path.join(SAMPLES_DIR, "weather"), dir, { recursive: true });
  const r = await run(["publish", dir, "--with-tools", "--json"], samples);
  expect(r.code, r.stderr).toBe(0);
  expect(r.json()).toMatchObject({
    name: "weather",
    version: "1.0.0",
    tools: { reportedBy: "publisher", reportedAt: "2026-05-06T07:08:09.000Z", count: 2 },
  });
  const doc = await versionDoc("weather");
  expect(doc?.tools.reportedBy).toBe("publisher");
  const items = doc?.tools.items as Array<Record<string, any>>;
  expect(items.map((t) => [t.server, t.name])).toEqual([
    ["weather", "get_weather"],
    ["weather", "list_cities"],
  ]);
  expect(items[0]).toMatchObject({ title: "Current weather", inputSchema: { type: "object" } });
  expect(typeof items[0]?.description).toBe("string");
  expect(r.stderr).toMatch(/listing the tools of 1 server\(s\) of weather@1\.0\.0/);
});

it("a tarball is unpacked to run its bundled server; --tools-only reports again without uploading", async () => {
  const file = path.join(await tempDir(), "weather.tgz");
  await fs.writeFile(file, await packDir("weather"));
  const before = await reg.snapshot();
  const again = await run(["publish", file, "--with-tools", "--json"], samples);
  expect(again.code).toBe(1);
  expect(again.json().error.code).toBe("publish.version.exists"); // listed fine, then refused: immutable
  expect(await reg.snapshot()).toBe(before);

  const only = await run(["publish", file, "--tools-only", "--json"], samples);
  expect(only.code, only.stderr).toBe(0);
  expect(only.json()).toEqual({
    name: "weather",
    version: "1.0.0",
    marketplace: "default",
    tools: { reportedBy: "publisher", reportedAt: "2026-05-06T07:08:09.000Z", count: 2 },
  });
});

it("a server that cannot be inspected fails the publish, says why, and publishes nothing", async () => {
  const broken = await writePackage("broken-server", {
    ok: { type: "streamable-http", url: "https://example.invalid/mcp" },
    dies: { command: "node", args: [path.join(SERVERS, "exits-at-once.mjs")] },
  });
  const before = await reg.snapshot();
  const r = await run(["publish", broken, "--with-tools", "--timeout", "5000", "--json"], acme);
  expect(r.code).toBe(1);
  const error = r.json().error;
  expect(error.code).toBe("publish.tools.inspect");
  expect(error.message).toMatch(/could not list the tools of server "(ok|dies)"/);
  expect(error.message).toMatch(/nothing was published/);
  expect(await reg.snapshot()).toBe(before);
  expect(await versionDoc("broken-server")).toBeUndefined();
});

it("a remote server gets its credentials from --config or (when told) the environment; they never leave this machine", async () => {
  const secret = "sk-remote-4f1d2c9a8b7e";
  const url = await streamableServer(`Bearer ${secret}`);
  const dir = await writePackage(
    "remote-tools",
    {
      api: { type: "streamable-http", url: `${url}/mcp`, headers: { Authorization: "Bearer ${API_TOKEN}" } },
    },
    { "token-schema.json": TOKEN_SCHEMA },
  );
  const before = await reg.snapshot();

  const missing = await run(["publish", dir, "--with-tools", "--json"], acme);
  expect(missing.code).toBe(1);
  expect(missing.json().error.code).toBe("publish.tools.credentials");
  expect(missing.json().error.hint).toContain("--config API_TOKEN=…");

  const wrong = await run(["publish", dir, "--with-tools", "--config", "API_TOKEN=sk-wrong", "--json"], acme);
  expect(wrong.code).toBe(1);
  expect(wrong.json().error.code).toBe("publish.tools.inspect");
  expect(wrong.json().error.message).toContain("mcp.http.unauthorized");
  expect(wrong.stdout + wrong.stderr).not.toContain("sk-wrong");
  expect(await reg.snapshot()).toBe(before);

  // The environment is read only when told.
  const unasked = await run(["publish", dir, "--with-tools", "--json"], acme, { API_TOKEN: secret });
  expect(unasked.json().error.code).toBe("publish.tools.credentials");
  expect(await reg.snapshot()).toBe(before);

  const r = await run(["publish", dir, "--with-tools", "--config-from-env", "--json"], acme, {
    API_TOKEN: secret,
  });
  expect(r.code, r.stderr).toBe(0);
  expect(r.json().tools.count).toBe(1);
  expect((await versionDoc("remote-tools"))?.tools.items).toEqual([
    { name: "echo", server: "api", description: "Echo", inputSchema: { type: "object", properties: {} } },
  ]);
  expect(r.stdout + r.stderr + (await reg.snapshot())).not.toContain(secret);
});

it("a server that echoes its credential in a tool description has it redacted before the report", async () => {
  const secret = "sk-echoed-0a9b8c7d6e5f";
  const dir = await writePackage(
    "echo-secret",
    {
      notes: {
        command: "node",
        args: [path.join(SERVERS, "tools-server.mjs"), "${PLUGIN_ROOT}/tools.json"],
        env: { API_TOKEN: "${API_TOKEN}" },
      },
    },
    {
      "token-schema.json": TOKEN_SCHEMA,
      "tools.json": [{ name: "leak", description: `uses key ${secret}`, inputSchema: { type: "object" } }],
    },
  );
  const r = await run(["publish", dir, "--with-tools", "--config", `API_TOKEN=${secret}`, "--json"], acme);
  expect(r.code, r.stderr).toBe(0);
  expect((await versionDoc("echo-secret"))?.tools.items[0].description).toBe("uses key ***");
});

/** A package whose one stdio server "many" lists exactly `tools`. */
const toolsPackage = (name: string, tools: unknown[]) =>
  writePackage(
    name,
    {
      many: { command: "node", args: [path.join(SERVERS, "tools-server.mjs"), "${PLUGIN_ROOT}/tools.json"] },
    },
    { "tools.json": tools },
  );

/** An object inputSchema whose JSON nests exactly `levels` deep (the registry's measure). */
function deepSchema(levels: number): Record<string, unknown> {
  let chain: Record<string, unknown> = {};
  for (let i = 2; i < levels; i++) chain = { a: chain };
  return levels === 1 ? { type: "object" } : { type: "object", default: chain };
}

const object = { type: "object" };
it.each([
  [
    "257 tools",
    Array.from({ length: 257 }, (_, i) => ({ name: `t${i}`, inputSchema: object })),
    "tools.too-many",
    /257 tools; at most 256/,
  ],
  [
    "a report over 1 MiB",
    Array.from({ length: 200 }, (_, i) => ({
      name: `t${i}`,
      description: "d".repeat(8000),
      inputSchema: object,
    })),
    "tools.body.too-large",
    /the tools report is \d+ bytes; at most 1048576/,
  ],
  [
    "an inputSchema over 64 KiB",
    [{ name: "big", inputSchema: { type: "object", description: "x".repeat(70_000) } }],
    "tools.inputSchema.too-large",
    /tool "big" of server "many": inputSchema is \d+ bytes; at most 65536/,
  ],
  [
    "an inputSchema deeper than 32 levels",
    [
      { name: "ok", inputSchema: object },
      { name: "deep", inputSchema: deepSchema(33) },
    ],
    "tools.inputSchema.too-deep",
    /tool "deep" of server "many": inputSchema nests deeper than 32 levels/,
  ],
  [
    "a tool listed twice",
    [
      { name: "same", inputSchema: object },
      { name: "same", inputSchema: object },
    ],
    "tools.name.duplicate",
    /tool "same" of server "many": tool "same" is listed twice/,
  ],
])(
  "%s: refused before the upload with the registry's own check; nothing is published",
  async (_, tools, code, message) => {
    const name = `limits-${code.replace(/\W/g, "-").toLowerCase()}`;
    const dir = await toolsPackage(name, tools);
    const before = await reg.snapshot();
    const r = await run(["publish", dir, "--with-tools", "--json"], acme);
    expect(r.code).toBe(1);
    const error = r.json().error;
    expect(error.code).toBe("publish.tools.invalid");
    expect(error.message).toMatch(/nothing was published/);
    expect(error.problems.map((p: { code: string }) => p.code)).toContain(code);
    expect(error.problems.map((p: { message: string }) => p.message).join("\n")).toMatch(message);
    expect(r.stderr).not.toMatch(/publishing /);
    expect(await reg.snapshot()).toBe(before);
    expect(await versionDoc(name)).toBeUndefined();
  },
);

it("the largest report within every limit is accepted by the registry", async () => {
  // 256 tools whose body is just under 1 MiB, one schema at 32 levels: the client's check is not stricter.
  const tools = [
    { name: "deep", inputSchema: deepSchema(32) },
    ...Array.from({ length: 255 }, (_, i) => ({
      name: `t${i}`,
      description: "d".repeat(4000),
      inputSchema: object,
    })),
  ];
  const r = await run(
    ["publish", await toolsPackage("at-the-limits", tools), "--with-tools", "--json"],
    acme,
  );
  expect(r.code, r.stderr).toBe(0);
  expect(r.json().tools.count).toBe(256);
});

it("a report that fails after the upload says the version is published and how to retry", async () => {
  const dir = await toolsPackage("report-fails", [{ name: "t", inputSchema: object }]);
  // The registry goes away between the two requests (a deploy, a crash): the tools PUT gets a 503.
  const flaky = ((input: Request | string | URL, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).endsWith("/tools")
      ? Promise.resolve(
          Response.json(
            {
              type: "about:blank",
              title: "Service Unavailable",
              status: 503,
              detail: "restarting",
              code: "db.unavailable",
            },
            { status: 503, headers: { "content-type": "application/problem+json" } },
          ),
        )
      : fetchFn(input, init)) as typeof fetch;
  const home = await tempDir();
  const result = await cli(["publish", dir, "--with-tools", "--json"], {
    home,
    env: { CONNECTORY_REGISTRY: reg.publicUrl, CONNECTORY_TOKEN: acme, PATH: process.env.PATH ?? "" },
    fetch: flaky,
  });
  expect(result.code).toBe(1);
  const error = JSON.parse(result.stdout).error;
  expect(error.code).toBe("publish.tools.report");
  expect(error.message).toMatch(/report-fails@1\.0\.0 is published, but reporting its tools failed/);
  expect(error.hint).toContain("--tools-only");
  expect((await versionDoc("report-fails"))?.tools).toBeUndefined();
});

it("usage: --config and --timeout need --with-tools; --tools-only for an unpublished version is a 404", async () => {
  const dir = await writePackage("never-published", {
    api: { type: "streamable-http", url: "https://example.com/mcp" },
  });
  expect((await run(["publish", dir, "--config", "A=1"], acme)).code).toBe(2);
  expect((await run(["publish", dir, "--timeout", "100"], acme)).code).toBe(2);
  const url = await streamableServer();
  const remote = await writePackage("not-yet", { api: { type: "streamable-http", url: `${url}/mcp` } });
  const r = await run(["publish", remote, "--tools-only", "--json"], acme);
  expect(r.code).toBe(1);
  expect(r.json().error.code).toBe("connector.not-found");
});
