import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { validatePackage } from "../../src/core/package/validate-package.js";
import type { PackageFiles } from "../../src/core/types.js";
import mcpSchema from "../../schemas/mcp.schema.json" with { type: "json" };
import pluginSchema from "../../schemas/plugin.schema.json" with { type: "json" };
import tokenSchemaSchema from "../../schemas/token-schema.schema.json" with { type: "json" };
import { ROOT } from "../helpers/cli.js";
import { codesRaisedIn, documentedCodes, matchesDocumented } from "./doc-text.js";

// docs/package-format.md lists every validation code. Codes come from two places: literals in
// src/core/package and src/package (found by reading the source), and codes ajv findings are mapped to
// (`manifest.<field>.<kind>`), found here by running the validator over packages that break each rule
// of schemas/ one at a time. Both must be documented, and every documented code must be one of them.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

const text = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const BASE = {
  manifest: { name: "demo", version: "1.0.0", description: "A demo.", publisher: "acme" } as Record<
    string,
    Json
  >,
  stdio: { command: "node", args: ["${PLUGIN_ROOT}/x.js", "${API_KEY}"] } as Record<string, Json>,
  remote: { type: "http", url: "https://example.com/mcp", headers: { A: "b" } } as Record<string, Json>,
  credential: { type: "string", secret: true } as Record<string, Json>,
};

function files(parts: { manifest?: Json; servers?: Json; tokenSchema?: Json }): PackageFiles {
  const tokenSchema = parts.tokenSchema ?? {
    type: "object",
    properties: { API_KEY: BASE.credential },
    required: ["API_KEY"],
  };
  return new Map([
    ["plugin.json", text(parts.manifest ?? BASE.manifest)],
    ["mcp.json", text({ mcpServers: parts.servers ?? { s: BASE.stdio } })],
    ["token-schema.json", text(tokenSchema)],
  ]);
}

/** Values that break one keyword of a property schema. */
function breakers(schema: Schema): Json[] {
  const out: Json[] = [];
  const type = schema["type"];
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type];
  if (types.length > 0) out.push(types.includes("string") ? { x: 1 } : "not-the-type");
  if (types.includes("integer")) out.push(1.5);
  if ("const" in schema || "enum" in schema) out.push("zz-unknown");
  if (typeof schema["pattern"] === "string") out.push("!! NOT VALID !!");
  if (schema["format"] !== undefined) out.push("[not a uri or regex");
  if (typeof schema["maxLength"] === "number") out.push("x".repeat(schema["maxLength"] + 1));
  if (typeof schema["minLength"] === "number") out.push("");
  if (typeof schema["minimum"] === "number") out.push(schema["minimum"] - 1);
  if (typeof schema["maxItems"] === "number")
    out.push(Array.from({ length: schema["maxItems"] + 1 }, (_, i) => `k${i}`));
  if (typeof schema["minItems"] === "number") out.push([]);
  if (schema["uniqueItems"] === true) out.push(["a", "a"]);
  const items = schema["items"] as Schema | undefined;
  if (items) for (const bad of breakers(resolve(items))) out.push([bad]);
  const extra = schema["additionalProperties"];
  if (typeof extra === "object" && extra !== null)
    for (const bad of breakers(resolve(extra as Schema))) out.push({ extra: bad });
  if (schema["propertyNames"]) out.push({ "bad key!": "v" });
  if (typeof schema["maxProperties"] === "number")
    out.push(
      Object.fromEntries(Array.from({ length: schema["maxProperties"] + 1 }, (_, i) => [`k${i}`, {}])),
    );
  if (typeof schema["minProperties"] === "number") out.push({});
  return out;
}

const DEFS: Record<string, Schema> = {
  ...(mcpSchema.$defs as Record<string, Schema>),
  ...(tokenSchemaSchema.$defs as Record<string, Schema>),
};
function resolve(schema: Schema): Schema {
  const ref = schema["$ref"];
  return typeof ref === "string" ? DEFS[ref.split("/").at(-1)!]! : schema;
}

/** Packages that each break one rule of an object schema, applied at `place`. */
function objectCases(
  schema: Schema,
  base: Record<string, Json>,
  place: (o: Json) => Parameters<typeof files>[0],
) {
  const cases = [place("not an object"), place({ ...base, "unknown-key": 1 })];
  for (const key of (schema["required"] as string[] | undefined) ?? []) {
    const { [key]: _gone, ...rest } = base;
    cases.push(place(rest));
  }
  for (const [key, property] of Object.entries(schema["properties"] as Record<string, Schema>)) {
    for (const bad of breakers(resolve(property))) cases.push(place({ ...base, [key]: bad }));
    const inner = resolve(property);
    if (inner["properties"]) {
      for (const [k, p] of Object.entries(inner["properties"] as Record<string, Schema>))
        for (const bad of breakers(p)) cases.push(place({ ...base, [key]: { [k]: bad } }));
    }
  }
  return cases;
}

const grantSchema = (
  (pluginSchema.properties.permissions.properties as Record<string, Schema>)["filesystem"] as Schema
)["items"] as Schema;

// One language of plugin.json `i18n`, a level deeper than the manifest's own keys.
const languageSchema = pluginSchema.properties.i18n.additionalProperties as Schema;

function ajvDrivenCases(): Parameters<typeof files>[0][] {
  const credential = DEFS["credential"]!;
  return [
    ...objectCases(languageSchema, { description: "x" }, (l) => ({
      manifest: { ...BASE.manifest, i18n: { "zh-CN": l } },
    })),
    ...objectCases(pluginSchema as Schema, BASE.manifest, (m) => ({ manifest: m })),
    // One grant of plugin.json `permissions.filesystem`, a level deeper than the manifest's own keys.
    ...objectCases(grantSchema, { path: "/x", access: "read" }, (g) => ({
      manifest: { ...BASE.manifest, permissions: { filesystem: [g] } },
    })),
    ...objectCases(DEFS["stdio"]!, BASE.stdio, (s) => ({ servers: { s } })),
    ...objectCases(DEFS["remote"]!, BASE.remote, (s) => ({ servers: { s } })),
    ...objectCases(
      tokenSchemaSchema as Schema,
      { type: "object", properties: { API_KEY: BASE.credential } },
      (t) => ({
        tokenSchema: t,
      }),
    ),
    ...objectCases(credential, BASE.credential, (c) => ({
      tokenSchema: { type: "object", properties: { API_KEY: c } },
    })),
    { tokenSchema: { type: "object", properties: { lower: BASE.credential } } },
    // mcp.json 2: a launch without its command, an alternative with its own, unknown keys one level down.
    { servers: { s: { args: ["x"] } } },
    { servers: { s: { ...BASE.stdio, alternatives: [{ command: "y", alternatives: [{ command: "z" }] }] } } },
    { servers: { s: { ...BASE.stdio, package: { registryType: "npm", identifier: "x", zz: 1 } } } },
    { servers: { s: { ...BASE.stdio, transport: { type: "sse", url: "http://127.0.0.1:1/", zz: 1 } } } },
  ];
}

const read = (name: string) => fs.readFile(path.join(ROOT, name), "utf8");

it("every code the package validator and the tarball code can emit is in docs/package-format.md, and only those", async () => {
  const documented = documentedCodes(await read("docs/package-format.md"));
  const fromSource = await codesRaisedIn(path.join(ROOT, "src/core/package"), path.join(ROOT, "src/package"));
  const emitted = new Set<string>();
  for (const parts of ajvDrivenCases())
    for (const p of validatePackage(files(parts)).problems) emitted.add(p.code);
  expect(emitted.size).toBeGreaterThan(60);
  expect(fromSource.length).toBeGreaterThan(60);

  const undocumented = [...fromSource, ...emitted].filter((c) => !matchesDocumented(c, documented));
  expect([...new Set(undocumented)].sort()).toEqual([]);

  // The other way: a documented code is one the code can produce (not a leftover of an old version).
  const known = (code: string) =>
    [...emitted, ...fromSource].some((c) => matchesDocumented(c, new Set([code])));
  const table = (await read("docs/package-format.md")).split("## Validation codes")[1] ?? "";
  const listed = [...documentedCodes(table)].filter((c) => !c.endsWith(".json") && !c.endsWith(".md"));
  expect(listed.filter((c) => !known(c))).toEqual([]);
});

it("the docs name every JSON Schema of schemas/ and every limit the code enforces", async () => {
  const doc = await read("docs/package-format.md");
  for (const schema of await fs.readdir(path.join(ROOT, "schemas")))
    expect(doc).toContain(`schemas/${schema}`);
  const { MAX_COMPRESSED_BYTES, MAX_UNPACKED_BYTES, MAX_ENTRIES, MAX_DEPTH } =
    await import("../../src/core/package/limits.js");
  expect(MAX_COMPRESSED_BYTES).toBe(5 * 1024 * 1024);
  expect(doc).toContain("5 MiB compressed");
  expect(MAX_UNPACKED_BYTES).toBe(20 * 1024 * 1024);
  expect(doc).toContain("20 MiB unpacked");
  expect(doc).toContain(`${MAX_ENTRIES} entries`);
  expect(doc).toContain(`${MAX_DEPTH} path segments`);
});
