import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverEntries, cut, type EntrySource } from "../../../src/core/official/server-json.js";
import { CONNECTORY_META, OFFICIAL_META, type ServerResponse } from "../../../src/core/official/types.js";
import type { PackageFiles } from "../../../src/core/types.js";
import { readPackageDir } from "../../../src/package/read-dir.js";
import { schemaErrors, versionSource } from "../../helpers/official.js";
import { makePackage, SAMPLES_DIR, sampleNames } from "../../helpers/registry.js";

const BUNDLE = { url: "https://registry.example/b.mcpb", sha256: "a".repeat(64), size: 10 };

function entries(files: PackageFiles, over: Partial<EntrySource> = {}): ServerResponse[] {
  const version = versionSource(files);
  return serverEntries({
    namespace: "com.example.registry",
    publicUrl: "https://registry.example",
    connector: {
      name: version.manifest.name,
      publisher: "acme",
      updatedAt: "2026-02-01T00:00:00.000Z",
      downloads: 7,
      latest: version.version,
    },
    version,
    bundles: Object.fromEntries(Object.keys(version.mcp.mcpServers).map((k) => [k, BUNDLE])),
    ...over,
  });
}

const text = (value: unknown) => JSON.stringify(value);

/** A package with these servers and token-schema properties (and `required`). */
function pkg(
  servers: Record<string, unknown>,
  properties: Record<string, unknown> = {},
  required: string[] = [],
) {
  const files = makePackage({ name: "gen", version: "1.2.3" });
  files.set("mcp.json", new TextEncoder().encode(text({ mcpServers: servers })));
  if (Object.keys(properties).length > 0)
    files.set("token-schema.json", new TextEncoder().encode(text({ type: "object", properties, required })));
  return files;
}

// Every launch shape and credential shape the package format has.
const CREDENTIALS = {
  API_KEY: { type: "string", title: "API key", description: "From the dashboard.", secret: true },
  PORT: { type: "integer", minimum: 1, maximum: 65535, default: 8080 },
  RATIO: { type: "number", examples: [0.5] },
  VERBOSE: { type: "boolean", default: false },
  REGION: { type: "string", enum: ["eu", "us"], default: "eu" },
  TENANT: { type: "string", description: "Your tenant", examples: ["acme"] },
  DIR: { type: "string" },
};
const GENERATED: Array<[string, Record<string, unknown>]> = [
  [
    "npx",
    {
      command: "npx",
      args: ["-y", "@acme/server@1.4.0", "--port", "${PORT}", "--ratio=${RATIO}", "${DIR}", "--stdio"],
      env: { API_KEY: "${API_KEY}", VERBOSE: "${VERBOSE}" },
    },
  ],
  [
    "npx-range",
    { command: "npx", args: ["acme-server@^1"], env: { AUTH: "Bearer ${API_KEY}", MODE: "fixed" } },
  ],
  [
    "uvx",
    { command: "uvx", args: ["acme-mcp==2.0.1", "--region", "${REGION}"], env: { ACME_KEY: "${API_KEY}" } },
  ],
  ["uvx-at", { command: "uvx", args: ["acme-mcp@2.0.1"] }],
  [
    "docker",
    {
      command: "docker",
      args: [
        "run",
        "-i",
        "--rm",
        "-e",
        "API_KEY",
        "-v",
        "${DIR}:/data",
        "--network=host",
        "ghcr.io/acme/mcp:1.0",
        "serve",
      ],
      env: { API_KEY: "${API_KEY}" },
    },
  ],
  [
    "node-bundled",
    {
      command: "node",
      args: ["${PLUGIN_ROOT}/server/index.js", "--port", "${PORT}"],
      env: { API_KEY: "${API_KEY}" },
      cwd: "${PLUGIN_ROOT}",
    },
  ],
  ["python-bundled", { command: "python3", args: ["${PLUGIN_ROOT}/main.py"] }],
  ["binary-bundled", { command: "${PLUGIN_ROOT}/bin/server", args: [] }],
  ["system-command", { command: "acme-mcp", args: ["--stdio"] }],
  ["sse", { type: "sse", url: "https://mcp.acme.example/sse", headers: { "X-Api-Key": "${API_KEY}" } }],
  ["http-subdomain", { type: "http", url: "https://${TENANT}.acme.example/mcp?region=${REGION}" }],
];

describe("serverEntries", () => {
  it("every sample's entries validate against the official 2025-12-11 schema", async () => {
    const names = await sampleNames();
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const name of names) {
      const list = entries(await readPackageDir(path.join(SAMPLES_DIR, name)));
      expect(list.length).toBeGreaterThan(0);
      for (const e of list) expect([name, schemaErrors(e.server)]).toEqual([name, []]);
    }
  });

  it("generated connectors of every launch and credential shape validate", () => {
    const servers = Object.fromEntries(GENERATED);
    const list = entries(pkg(servers, CREDENTIALS, ["API_KEY", "TENANT"]));
    expect(list.map((e) => e.server.name)).toEqual(GENERATED.map(([k]) => `com.example.registry/gen.${k}`));
    for (const e of list) expect([e.server.name, schemaErrors(e.server)]).toEqual([e.server.name, []]);
  });

  it("npx: an npm package with its version, arguments and environment", () => {
    const [e] = entries(pkg({ s: GENERATED[0]![1] }, CREDENTIALS, ["API_KEY"]));
    expect(e!.server.name).toBe("com.example.registry/gen");
    expect(e!.server.packages).toEqual([
      {
        registryType: "npm",
        identifier: "@acme/server",
        version: "1.4.0",
        runtimeHint: "npx",
        transport: { type: "stdio" },
        packageArguments: [
          // `--port ${PORT}`: the user gives the flag's value, which server.json says without `value`.
          { type: "named", name: "--port", description: "PORT", format: "number", default: "8080" },
          {
            type: "positional",
            value: "--ratio={RATIO}",
            variables: { RATIO: { description: "RATIO", format: "number", placeholder: "0.5" } },
          },
          { type: "positional", valueHint: "DIR", description: "DIR" },
          { type: "positional", value: "--stdio" },
        ],
        environmentVariables: [
          { name: "API_KEY", description: "API key: From the dashboard.", isRequired: true, isSecret: true },
          { name: "VERBOSE", description: "VERBOSE", format: "boolean", default: "false" },
        ],
      },
    ]);
  });

  it("a version range is left out; a composed or literal variable keeps our keys as variables", () => {
    const [e] = entries(pkg({ s: GENERATED[1]![1] }, CREDENTIALS, ["API_KEY"]));
    const p = e!.server.packages![0]!;
    expect([p.identifier, p.version]).toEqual(["acme-server", undefined]);
    expect(p.environmentVariables).toEqual([
      {
        name: "AUTH",
        value: "Bearer {API_KEY}",
        isRequired: true,
        isSecret: true,
        variables: {
          API_KEY: { description: "API key: From the dashboard.", isRequired: true, isSecret: true },
        },
      },
      { name: "MODE", value: "fixed" },
    ]);
  });

  it("uvx → pypi, docker run → oci with runtime arguments (the client's own -i --rm and -e NAME left out)", () => {
    const list = entries(pkg({ a: GENERATED[2]![1], b: GENERATED[3]![1], c: GENERATED[4]![1] }, CREDENTIALS));
    const [uvx, uvxAt, docker] = list.map((e) => e.server.packages![0]!);
    expect([uvx!.registryType, uvx!.identifier, uvx!.version, uvx!.runtimeHint]).toEqual([
      "pypi",
      "acme-mcp",
      "2.0.1",
      "uvx",
    ]);
    expect(uvx!.packageArguments).toEqual([
      { type: "named", name: "--region", description: "REGION", default: "eu", choices: ["eu", "us"] },
    ]);
    expect([uvxAt!.identifier, uvxAt!.version]).toEqual(["acme-mcp", "2.0.1"]);
    expect(docker).toMatchObject({
      registryType: "oci",
      identifier: "ghcr.io/acme/mcp:1.0",
      runtimeHint: "docker",
    });
    expect(docker!.version).toBeUndefined();
    expect(docker!.runtimeArguments).toEqual([
      { type: "named", name: "-v", value: "{DIR}:/data", variables: { DIR: { description: "DIR" } } },
      { type: "positional", valueHint: "--network", value: "--network=host" },
    ]);
    expect(docker!.packageArguments).toEqual([{ type: "positional", value: "serve" }]);
    expect(docker!.environmentVariables?.map((v) => v.name)).toEqual(["API_KEY"]);
  });

  it("a bundled server is an mcpb package with the bundle's hash; without a built bundle it has none", () => {
    const files = pkg({ s: GENERATED[5]![1] }, CREDENTIALS);
    files.set("server/index.js", new TextEncoder().encode("// server\n"));
    const [e] = entries(files);
    expect(e!.server.packages).toEqual([
      {
        registryType: "mcpb",
        identifier: BUNDLE.url,
        version: "1.2.3",
        fileSha256: BUNDLE.sha256,
        transport: { type: "stdio" },
        environmentVariables: [
          { name: "API_KEY", description: "API key: From the dashboard.", isSecret: true },
        ],
      },
    ]);
    expect(e!._meta[CONNECTORY_META]!.notExpressed).toEqual(["cwd"]);
    const [bare] = entries(files, { bundles: {} });
    expect(bare!.server.packages).toBeUndefined();
    expect(bare!._meta[CONNECTORY_META]!.notExpressed).toEqual([
      "cwd",
      "launch: the MCP Bundle of this bundled server is not built",
    ]);
  });

  it("remotes: headers and {VAR} URL variables; a URL that is not http(s) up front cannot be expressed", () => {
    const files = pkg({ a: GENERATED[9]![1], b: GENERATED[10]![1] }, CREDENTIALS, ["TENANT"]);
    const version = versionSource(files);
    // Packages validated today cannot hold such a URL; one stored before that rule still maps safely.
    version.mcp.mcpServers.c = { type: "http", url: "${TENANT}/mcp" };
    const list = entries(files, { version });
    expect(list[0]!.server.remotes).toEqual([
      {
        type: "sse",
        url: "https://mcp.acme.example/sse",
        headers: [
          {
            name: "X-Api-Key",
            value: "{API_KEY}",
            isSecret: true,
            variables: { API_KEY: { description: "API key: From the dashboard.", isSecret: true } },
          },
        ],
      },
    ]);
    expect(list[1]!.server.remotes).toEqual([
      {
        type: "streamable-http",
        url: "https://{TENANT}.acme.example/mcp?region={REGION}",
        variables: {
          TENANT: { description: "Your tenant", isRequired: true, placeholder: "acme" },
          REGION: { description: "REGION", default: "eu", choices: ["eu", "us"] },
        },
      },
    ]);
    expect(list[2]!.server.remotes).toBeUndefined();
    expect(list[2]!._meta[CONNECTORY_META]!.notExpressed).toEqual([
      "url: a remote URL must start with http(s):// and use no ${PLUGIN_ROOT}",
    ]);
    // A remote that signs in with OAuth keeps its remote (clients discover the sign-in); the rest is named.
    const signIn = entries(
      pkg({
        a: { type: "http", url: "https://mcp.linear.app/mcp", oauth: { clientId: "c1", scopes: ["read"] } },
        b: { type: "sse", url: "https://mcp.asana.com/sse", oauth: {} },
      }),
    );
    expect(signIn[0]!.server.remotes).toEqual([
      { type: "streamable-http", url: "https://mcp.linear.app/mcp" },
    ]);
    expect(signIn[0]!._meta[CONNECTORY_META]!.notExpressed).toEqual([
      "oauth (clientId, scopes): server.json has no OAuth field; clients discover the sign-in from the server",
    ]);
    expect(signIn[0]!._meta[CONNECTORY_META]!.launch).toMatchObject({ oauth: { clientId: "c1" } });
    expect(signIn[1]!.server.remotes).toEqual([{ type: "sse", url: "https://mcp.asana.com/sse" }]);
    expect(signIn[1]!._meta[CONNECTORY_META]!.notExpressed).toEqual([
      "oauth: server.json has no OAuth field; clients discover the sign-in from the server",
    ]);
    for (const e of signIn) expect(schemaErrors(e.server)).toEqual([]);
    const system = entries(pkg({ s: GENERATED[8]![1] }))[0]!;
    expect(system.server.packages).toBeUndefined();
    expect(system._meta[CONNECTORY_META]!.notExpressed).toEqual([
      'launch: "acme-mcp" is not npx, uvx, dnx or docker run',
    ]);
    expect(system._meta[CONNECTORY_META]!.launch).toEqual(GENERATED[8]![1]);
  });

  it("display fields: a 100-character description with the whole text in _meta, title, https links, icon", async () => {
    const long = `${"Quotes and fundamentals ".repeat(12)}end.`;
    const files = makePackage(
      {
        name: "wide",
        version: "2.0.0",
        description: long,
        displayName: "Wide Data",
        homepage: "http://insecure.example",
        repository: "https://gitlab.com/acme/wide",
        icon: "icon.svg",
      },
      { "icon.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    );
    const [e] = entries(files);
    expect(Array.from(e!.server.description).length).toBeLessThanOrEqual(100);
    expect(e!.server.description.endsWith("…")).toBe(true);
    expect(e!._meta[CONNECTORY_META]!.description).toBe(long);
    expect(e!.server.title).toBe("Wide Data");
    expect(e!.server.websiteUrl).toBeUndefined(); // the official registry takes https only
    expect(e!.server.repository).toEqual({ url: "https://gitlab.com/acme/wide", source: "gitlab" });
    expect(e!.server.icons).toEqual([
      { src: "https://registry.example/icons/wide/2.0.0", mimeType: "image/svg+xml" },
    ]);
    const plain = entries(files, { publicUrl: "http://127.0.0.1:8787" })[0]!;
    expect(plain.server.icons).toBeUndefined(); // icons must be https
    expect(schemaErrors(e!.server)).toEqual([]);
  });

  it("official _meta: yanked = deleted, deprecated with its message, isLatest", () => {
    const files = makePackage({ name: "st", version: "1.0.0" });
    const base = versionSource(files);
    const source = (v: Partial<typeof base>, latest?: string): EntrySource => ({
      namespace: "dev.connectory",
      publicUrl: "https://r.example",
      connector: {
        name: "st",
        publisher: "acme",
        updatedAt: "2026-03-01T00:00:00.000Z",
        downloads: 0,
        ...(latest ? { latest } : {}),
      },
      version: { ...base, ...v },
      bundles: {},
    });
    const meta = (s: EntrySource) => serverEntries(s)[0]!._meta[OFFICIAL_META];
    expect(meta(source({}, "1.0.0"))).toEqual({
      status: "active",
      statusChangedAt: base.publishedAt,
      publishedAt: base.publishedAt,
      updatedAt: "2026-03-01T00:00:00.000Z",
      isLatest: true,
    });
    expect(meta(source({ yanked: true }))).toMatchObject({
      status: "deleted",
      statusChangedAt: "2026-03-01T00:00:00.000Z",
      isLatest: false,
    });
    expect(meta(source({ deprecated: "use 2.x ".repeat(100) }))).toMatchObject({ status: "deprecated" });
    expect(meta(source({ deprecated: "use 2.x ".repeat(100) })).statusMessage!.length).toBeLessThanOrEqual(
      500,
    );
  });

  it("names: one server is <namespace>/<connector>, several are <namespace>/<connector>.<server>", () => {
    const one = entries(pkg({ main: { type: "http", url: "https://a.example/mcp" } }));
    expect(one.map((e) => [e.server.name, e.server.title])).toEqual([
      ["com.example.registry/gen", undefined],
    ]);
    const two = entries(
      pkg({
        "a.b": { type: "http", url: "https://a.example/mcp" },
        c: { type: "http", url: "https://c.example/mcp" },
      }),
    );
    expect(two.map((e) => [e.server.name, e.server.title])).toEqual([
      ["com.example.registry/gen.a.b", "gen · a.b"],
      ["com.example.registry/gen.c", "gen · c"],
    ]);
  });

  it("the vendored schema refuses what the official registry refuses (so the checks above can fail)", () => {
    const [e] = entries(pkg({ s: GENERATED[0]![1] }, CREDENTIALS));
    expect(schemaErrors({ ...e!.server, description: "x".repeat(101) })).not.toEqual([]);
    expect(schemaErrors({ ...e!.server, name: "no-slash" })).not.toEqual([]);
    expect(
      schemaErrors({ ...e!.server, remotes: [{ type: "streamable-http", url: "{HOST}/mcp" }] }),
    ).not.toEqual([]);
    expect(schemaErrors({ ...e!.server, packages: [{ registryType: "npm", identifier: "x" }] })).not.toEqual(
      [],
    );
  });

  it("cut never exceeds the limit, counting code points", () => {
    for (const s of ["a".repeat(300), "日本語".repeat(50), "🙂".repeat(120), "word ".repeat(40)]) {
      expect(Array.from(cut(s, 100)).length).toBeLessThanOrEqual(100);
    }
    expect(cut("  short   text ", 100)).toBe("short text");
  });
});
