import { describe, expect, it } from "vitest";
import { fromServerJson } from "../../../src/core/convert/from-server-json.js";
import { validatePackage } from "../../../src/core/package/validate-package.js";
import { reexport } from "./reexport.js";
import { specExamples } from "../../helpers/official-spec.js";

// The examples of the official server.json specification (test/fixtures/official-spec, verbatim, with its
// provenance): each converts to a connector whose export (the /v0.1 mapping) gives back the same packages
// and remotes. What the package format does not keep is removed from both sides first, and listed here:
// `isRepeated`, `format: "filepath"`, and the description and value hint of an argument whose value is fixed.

type Json = Record<string, unknown>;

/** The packages and remotes of a server.json, without what the package format does not keep. */
function launches(server: Json): Json {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== "object" || value === null) return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "isRepeated") continue;
      if (k === "format" && v === "filepath") continue;
      const fixedArgument = "type" in value && "value" in value;
      if ((k === "description" || k === "valueHint") && fixedArgument) continue;
      out[k] = strip(v);
    }
    return out;
  };
  return strip({ packages: server["packages"] ?? [], remotes: server["remotes"] ?? [] }) as Json;
}

/** The listing-only package of an entry Connectory cannot run: valid, no servers, and its reason. */
function listed(document: Json): string {
  const r = fromServerJson(document, { listing: true });
  if (!r.ok) throw new Error(`${r.code} ${r.message}`);
  expect(validatePackage(r.files, { strict: true }).problems).toEqual([]);
  const read = (file: string) => JSON.parse(new TextDecoder().decode(r.files.get(file))) as Json;
  expect(read("mcp.json")).toEqual({ mcpServers: {} });
  expect(r.files.has("token-schema.json")).toBe(false);
  expect(r.notes.map((n) => n.code)).toContain("convert.listing-only");
  return (read("plugin.json")["listingOnly"] as { reason: string }).reason;
}

function roundTrip(document: Json) {
  const r = fromServerJson(document);
  if (!r.ok) return r;
  expect(validatePackage(r.files, { strict: true }).problems.filter((p) => p.severity === "error")).toEqual(
    [],
  );
  return { ...r, back: reexport(r.files) as unknown as Json };
}

describe("the official specification's server.json examples", () => {
  const cases = specExamples().map((e) => [e.title, JSON.parse(e.text) as Json] as const);

  it.each(cases)("%s", (title, document) => {
    const r = roundTrip(document);
    if (title === "Server with Custom Installation Path") {
      // No package and no remote: nothing to install, refused with its code; listed when asked.
      expect(r).toMatchObject({ ok: false, code: "convert.refused.no-server" });
      expect(listed(document)).toMatch(/no package and no remote/);
      return;
    }
    if (title === "Complex Docker Server with Multiple Arguments") {
      // `--network host` gives up Docker's isolation: refused on purpose (docs/security.md), with the reason;
      // listed when asked, the reason kept for `install` to say.
      expect(r).toMatchObject({ ok: false, code: "convert.refused.invalid-package" });
      expect(r.ok === false && r.message).toMatch(/--network host/);
      expect(listed(document)).toMatch(/mcp\.server\.docker\.host-namespace.*--network host/);
      return;
    }
    // An entry Connectory can run is never listing-only.
    const asked = fromServerJson(document, { listing: true });
    expect(
      asked.ok && JSON.parse(new TextDecoder().decode(asked.files.get("plugin.json"))),
    ).not.toHaveProperty("listingOnly");
    if (!r.ok) throw new Error(`${title}: ${r.code} ${r.message}`);
    expect(launches(r.back)).toEqual(launches(document));
  });

  it("every package and remote of an entry becomes a launch, in order", () => {
    const hybrid = cases.find(([t]) => t === "Server with Remote and Package Options")![1];
    const r = roundTrip(hybrid);
    if (!r.ok) throw new Error(r.message);
    expect(r.provenance.launches).toEqual(["packages/0", "remotes/0", "remotes/1"]);
    expect(r.back["packages"]).toHaveLength(1);
    expect(r.back["remotes"]).toHaveLength(2);
  });
});

describe("what later revisions of the specification add", () => {
  it("a local package that serves Streamable HTTP keeps its transport URL and its variable's case", () => {
    const document = {
      name: "io.github.example/local-http",
      description: "Serves Streamable HTTP on a local port",
      version: "1.0.0",
      packages: [
        {
          registryType: "npm",
          identifier: "@example/local-http",
          version: "1.0.0",
          transport: { type: "streamable-http", url: "http://localhost:{port}/mcp" },
          packageArguments: [{ type: "named", name: "--port", description: "Port", default: "8931" }],
        },
      ],
    };
    const r = roundTrip(document);
    if (!r.ok) throw new Error(r.message);
    expect(launches(r.back)).toEqual(launches(document));
  });

  it("remote URL variables keep their case, descriptions, defaults and choices; secret headers stay secret", () => {
    const tenant = { description: "Your tenant", isRequired: true };
    const document = {
      name: "com.example/tenant",
      description: "Per-tenant remote",
      version: "2.0.0",
      remotes: [
        {
          type: "streamable-http",
          url: "https://{tenant_id}.example.com/mcp?region={Region}",
          variables: {
            tenant_id: tenant,
            Region: { description: "Region", default: "eu", choices: ["eu", "us"] },
          },
          headers: [
            { name: "X-API-Key", description: "API key", isRequired: true, isSecret: true },
            {
              name: "Authorization",
              value: "Bearer {token}",
              isRequired: true,
              isSecret: true,
              variables: { token: { description: "Token", isRequired: true, isSecret: true } },
            },
          ],
        },
        { type: "sse", url: "https://{tenant_id}.example.com/sse", variables: { tenant_id: tenant } },
      ],
    };
    const r = roundTrip(document);
    if (!r.ok) throw new Error(r.message);
    expect(launches(r.back)).toEqual(launches(document));
  });
});
