import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromServerJson } from "../../../src/core/convert/from-server-json.js";
import type { Launch, TokenProperty } from "../../../src/core/types.js";
import { reexport } from "./reexport.js";

// Connectory → server.json → Connectory → server.json is a fixed point: the second export says exactly
// what the first did, for generated packages with every launch kind mcp.json 2 has (npm, PyPI, NuGet, OCI,
// MCPB, a local HTTP server, remotes over Streamable HTTP and SSE, alternatives of each other) and inputs
// of every shape (URL variables, secret headers, flags with user values, positional credentials).

const encoder = new TextEncoder();
const KEYS = ["TENANT_ID", "API_KEY", "REGION", "PORT", "ROOT_DIR", "MODE"] as const;
type Key = (typeof KEYS)[number];

const key = fc.constantFrom(...KEYS);
const word = fc.constantFrom("serve", "--verbose", "--stdio", "mcp", "start");
const version = fc.constantFrom("1.0.0", "2.3.4", "0.4.0-beta");

const arg = fc.oneof(
  word.map((w) => [w]),
  key.map((k) => [`\${${k}}`]),
  fc.tuple(fc.constantFrom("--mode", "--root", "-t"), key).map(([f, k]) => [f, `\${${k}}`]),
  key.map((k) => [`--opt=\${${k}}`]),
);
const args = fc.array(arg, { maxLength: 3 }).map((a) => a.flat());
const env = fc.dictionary(
  fc.constantFrom("LOG_LEVEL", "API_KEY", "SERVICE_URL"),
  key.map((k) => `\${${k}}`),
  {
    maxKeys: 2,
  },
);

const npm = fc
  .record({ id: fc.constantFrom("@acme/mcp", "acme-mcp"), v: version, args, env })
  .map(({ id, v, args, env }): Launch => ({
    command: "npx",
    args: ["-y", `${id}@${v}`, ...args],
    ...(Object.keys(env).length ? { env } : {}),
  }));
const pypi = fc.record({ v: version, args, env }).map(({ v, args, env }): Launch => ({
  command: "uvx",
  args: [`acme-mcp==${v}`, ...args],
  ...(Object.keys(env).length ? { env } : {}),
}));
const nuget = fc
  .record({ v: version, args })
  .map(({ v, args }): Launch => ({ command: "dnx", args: [`Acme.Mcp@${v}`, "--yes", ...args] }));
const oci = fc.record({ tag: version, args, env }).map(({ tag, args, env }): Launch => ({
  command: "docker",
  args: [
    "run",
    "-i",
    "--rm",
    ...Object.keys(env).flatMap((n) => ["-e", n]),
    `ghcr.io/acme/mcp:${tag}`,
    ...args,
  ],
  ...(Object.keys(env).length ? { env } : {}),
}));
const mcpb = fc.record({ sha: fc.stringMatching(/^[0-9a-f]{64}$/), args }).map(
  ({ sha, args }): Launch =>
    ({
      ...(args.length ? { args } : {}),
      package: {
        registryType: "mcpb",
        identifier: "https://example.com/acme.mcpb",
        version: "1.0.0",
        fileSha256: sha,
      },
    }) as Launch,
);
const localHttp = fc
  .record({ type: fc.constantFrom("streamable-http" as const, "sse" as const), v: version })
  .map(({ type, v }): Launch => ({
    command: "npx",
    args: ["-y", `@acme/http@${v}`, "--port", "${PORT}"],
    transport: { type, url: "http://127.0.0.1:${PORT}/mcp" },
  }));
const remote = fc
  .record({
    type: fc.constantFrom("streamable-http" as const, "sse" as const),
    host: fc.oneof(
      fc.constant("mcp"),
      key.map((k) => `\${${k}}`),
    ),
    headers: fc.dictionary(
      fc.constantFrom("Authorization", "X-API-Key", "X-Region"),
      fc.oneof(
        key.map((k) => `Bearer \${${k}}`),
        key.map((k) => `\${${k}}`),
        fc.constant("fixed"),
      ),
      { maxKeys: 2 },
    ),
    names: fc.boolean(),
  })
  .map(({ type, host, headers, names }): Launch => ({
    type,
    url: `https://${host}.example.com/${type === "sse" ? "sse" : "mcp"}`,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(names && host.startsWith("${")
      ? { inputNames: { [host.slice(2, -1)]: host.slice(2, -1).toLowerCase() } }
      : {}),
  }));

const launch = fc.oneof(npm, pypi, nuget, oci, mcpb, localHttp, remote);
const property = fc.record(
  {
    description: fc.constantFrom("What it is", "Your tenant's id"),
    default: fc.constantFrom("eu", "8931", "x"),
    secret: fc.boolean(),
    enum: fc.constant(["eu", "us", "x", "8931"]),
  },
  { requiredKeys: [] },
);

const pkg = fc.record({
  launches: fc.array(launch, { minLength: 1, maxLength: 4 }),
  properties: fc.record(Object.fromEntries(KEYS.map((k) => [k, property])) as Record<Key, typeof property>),
  required: fc.subarray([...KEYS]),
});

function files(p: { launches: Launch[]; properties: Record<string, object>; required: string[] }) {
  const [first, ...rest] = p.launches;
  const server = rest.length > 0 ? { ...first, alternatives: rest } : first;
  const required = [...p.required];
  const properties = Object.fromEntries(
    Object.entries(p.properties).map(([k, v]) => {
      const prop = { type: "string", ...v } as TokenProperty;
      if (prop.enum && prop.default !== undefined && !prop.enum.includes(prop.default)) delete prop.default;
      // A valid package (validate --strict): a secret has no default, so it is required; an optional
      // credential a server uses has a default.
      if (prop.secret === true) {
        delete prop.default;
        if (!required.includes(k)) required.push(k);
      }
      if (!required.includes(k) && prop.default === undefined) prop.default = prop.enum ? prop.enum[0]! : "";
      return [k, prop];
    }),
  );
  return new Map([
    [
      "plugin.json",
      encoder.encode(
        JSON.stringify({ name: "acme", version: "1.0.0", description: "Acme", publisher: "acme" }),
      ),
    ],
    ["mcp.json", encoder.encode(JSON.stringify({ schemaVersion: 2, mcpServers: { acme: server } }))],
    ["token-schema.json", encoder.encode(JSON.stringify({ type: "object", properties, required }))],
  ]);
}

const launchesOf = (s: { packages?: unknown; remotes?: unknown }) => ({
  packages: s.packages,
  remotes: s.remotes,
});

describe("Connectory → server.json → Connectory → server.json", () => {
  it("is a fixed point over generated packages", () => {
    fc.assert(
      fc.property(pkg, (p) => {
        const first = reexport(files(p));
        const expressed = (first.packages?.length ?? 0) + (first.remotes?.length ?? 0);
        fc.pre(expressed > 0);
        const r = fromServerJson({ ...first, name: "com.example/acme" });
        if (!r.ok) throw new Error(`${r.code}: ${r.message}\n${JSON.stringify(first, null, 1)}`);
        const second = reexport(r.files);
        expect(launchesOf(second)).toEqual(launchesOf(first));
      }),
      { numRuns: 300 },
    );
  });
});
