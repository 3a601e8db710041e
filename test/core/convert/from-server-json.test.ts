import { describe, expect, it } from "vitest";
import { fromServerJson, publisherOf } from "../../../src/core/convert/from-server-json.js";
import { json, strictFailures } from "./real-world.js";

const ok = (input: unknown) => {
  const r = fromServerJson(input);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  expect(strictFailures(r.files)).toEqual([]);
  return r;
};
const codes = (r: { notes: { code: string }[] }) => r.notes.map((n) => n.code);

describe("fromServerJson", () => {
  it("chooses the first runnable package and keeps the other alternatives in provenance", () => {
    const r = ok({
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name: "io.github.acme/weather",
      description: "Weather for everyone.",
      version: "1.4.0",
      title: "Acme Weather",
      websiteUrl: "https://acme.example",
      packages: [
        {
          registryType: "mcpb",
          identifier: "https://x.example/w.mcpb",
          version: "1.4.0",
          transport: { type: "stdio" },
        },
        {
          registryType: "pypi",
          identifier: "acme-weather",
          version: "1.4.0",
          transport: { type: "stdio" },
          packageArguments: [
            {
              type: "named",
              name: "--units",
              value: "{units}",
              variables: { units: { choices: ["metric", "imperial"], default: "metric" } },
            },
            { type: "positional", value: "serve" },
          ],
          environmentVariables: [
            { name: "ACME_TOKEN", isRequired: true, isSecret: true, description: "Token" },
          ],
        },
      ],
      remotes: [
        {
          type: "streamable-http",
          url: "https://{region}.acme.example/mcp",
          variables: { region: { isRequired: true } },
        },
      ],
    });
    // The runnable package is the launch; the remote became its alternative (mcp.json 2), and the names
    // server.json gave its inputs are kept beside the credential keys.
    expect(json(r.files, "mcp.json").schemaVersion).toBe(2);
    expect(json(r.files, "mcp.json").mcpServers.weather).toEqual({
      command: "uvx",
      args: ["acme-weather==1.4.0", "--units", "${UNITS}", "serve"],
      env: { ACME_TOKEN: "${ACME_TOKEN}" },
      inputNames: { UNITS: "units" },
      package: { registryType: "pypi", identifier: "acme-weather", version: "1.4.0" },
      alternatives: [
        {
          type: "streamable-http",
          url: "https://${REGION}.acme.example/mcp",
          inputNames: { REGION: "region" },
        },
      ],
    });
    const schema = json(r.files, "token-schema.json");
    expect(schema.properties.UNITS).toMatchObject({ enum: ["metric", "imperial"], default: "metric" });
    expect(schema.properties.ACME_TOKEN).toMatchObject({ secret: true, description: "Token" });
    // An alternative's required input is required too: the machine may pick that launch.
    expect(schema.required).toEqual(["ACME_TOKEN", "REGION"]);
    expect(r.provenance.chosen).toBe("packages/1");
    expect(r.provenance.launches).toEqual(["packages/1", "remotes/0"]);
    expect(r.provenance.alternatives?.map((a: any) => a.at)).toEqual(["packages/0"]);
    expect(codes(r)).toEqual(
      expect.arrayContaining(["convert.alternative.unsupported", "convert.alternative.kept"]),
    );
    expect(json(r.files, "plugin.json")).toMatchObject({
      displayName: "Acme Weather",
      homepage: "https://acme.example",
      publisher: "acme",
    });
    // The namespace is not a keyword (it made `github` match every official entry, issue 32): provenance
    // keeps it; a category is read from the words when the catalog gives none.
    expect(json(r.files, "plugin.json").keywords ?? []).not.toContain("io.github.acme/weather");
    expect(r.provenance.upstreamName).toBe("io.github.acme/weather");
    expect(json(r.files, "plugin.json").categories).toEqual(["weather"]);
  });

  it("a named argument with an empty value is a flag; docker options in packageArguments are noted", () => {
    const r = ok({
      name: "io.github.grafana/mcp-grafana",
      description: "MCP server for Grafana",
      version: "0.0.1-seed",
      packages: [
        {
          registryType: "oci",
          identifier: "grafana/mcp-grafana",
          version: "0.6.5",
          transport: { type: "stdio" },
          packageArguments: [
            { type: "named", name: "--rm", value: "", default: "", isRequired: true, format: "string" },
            { type: "named", name: "-p", value: "8000:8000", valueHint: "8000:8000", isRequired: true },
            { type: "positional", value: "mcp/grafana", valueHint: "mcp/grafana", isRequired: true },
            { type: "named", name: "-debug", value: "", default: "" },
          ],
        },
      ],
    });
    expect(json(r.files, "mcp.json").mcpServers["mcp-grafana"].args).toEqual([
      "run",
      "-i",
      "--rm",
      "grafana/mcp-grafana:0.6.5",
      "--rm",
      "-p",
      "8000:8000",
      "mcp/grafana",
      "-debug",
    ]);
    // No credential RM or DEBUG: no credentials at all.
    expect(r.files.has("token-schema.json")).toBe(false);
    expect(codes(r)).toContain("convert.launch.malformed");
  });

  it("reads the older snake_case schema and a /v0.1/servers item", () => {
    const r = ok({
      server: {
        name: "com.example/old",
        description: "Old style",
        version: "latest",
        packages: [
          {
            registry_type: "oci",
            identifier: "ghcr.io/example/old",
            version: "2.0.0",
            transport: "stdio",
            environment_variables: [{ name: "OLD_MODE", default: "fast", is_required: false }],
          },
        ],
      },
      _meta: { "io.modelcontextprotocol.registry/official": { status: "active" } },
    });
    expect(json(r.files, "mcp.json").mcpServers.old).toEqual({
      command: "docker",
      args: ["run", "-i", "--rm", "-e", "OLD_MODE", "ghcr.io/example/old:2.0.0"],
      env: { OLD_MODE: "${OLD_MODE}" },
      package: { registryType: "oci", identifier: "ghcr.io/example/old", version: "2.0.0" },
    });
    expect(json(r.files, "plugin.json")).toMatchObject({
      version: "0.0.0-upstream.latest",
      publisher: "example",
    });
    expect(codes(r)).toContain("convert.version.mapped");
    expect(r.provenance.extra?.["registryMeta"]).toBeDefined();
  });

  it("turns a remote with a secret header into a remote server; npm pins the version", () => {
    const remote = ok({
      name: "io.github.acme/remote",
      description: "R",
      version: "1.0.0",
      remotes: [
        {
          type: "sse",
          url: "https://acme.example/sse",
          headers: [
            {
              name: "Authorization",
              value: "Bearer {token}",
              variables: { token: { isSecret: true, isRequired: true } },
            },
          ],
        },
      ],
    });
    expect(json(remote.files, "mcp.json").mcpServers.remote).toEqual({
      type: "sse",
      url: "https://acme.example/sse",
      headers: { Authorization: "Bearer ${TOKEN}" },
      inputNames: { TOKEN: "token" },
    });
    const npm = ok({
      name: "io.github.acme/n",
      description: "N",
      version: "1.0.0",
      packages: [
        { registryType: "npm", identifier: "@acme/n", version: "3.1.0", transport: { type: "stdio" } },
      ],
    });
    expect(json(npm.files, "mcp.json").mcpServers.n).toEqual({
      command: "npx",
      args: ["-y", "@acme/n@3.1.0"],
      package: { registryType: "npm", identifier: "@acme/n", version: "3.1.0" },
    });
  });

  it("turns placeholders and VS Code inputs into required credentials, with a note", () => {
    const r = ok({
      name: "io.github.x/p",
      description: "",
      version: "0.0.1-seed",
      packages: [
        {
          registryType: "npm",
          identifier: "p",
          version: "1.0.0",
          transport: { type: "stdio" },
          packageArguments: [
            { type: "positional", value: "<path_to_vault>", valueHint: "<path_to_vault>" },
            { type: "positional", value: "${input:vaultPath}" },
          ],
          environmentVariables: [{ name: "API_KEY", description: "${input:apiKey}" }],
        },
      ],
    });
    const server = json(r.files, "mcp.json").mcpServers.p;
    expect(server.args).toEqual(["-y", "p@1.0.0", "${ARG_1}", "${VAULT_PATH}"]);
    const schema = json(r.files, "token-schema.json");
    expect(schema.required).toEqual(["API_KEY", "ARG_1", "VAULT_PATH"]);
    expect(schema.properties.API_KEY.secret).toBe(true);
    expect(codes(r)).toEqual(
      expect.arrayContaining([
        "convert.argument.placeholder",
        "convert.credential.secret-inferred",
        "convert.description.missing",
      ]),
    );
  });

  it("refuses what cannot run, with a code and the entry's name", () => {
    expect(fromServerJson({ name: "io.github.x/none", description: "d", version: "1.0.0" })).toMatchObject({
      ok: false,
      code: "convert.refused.no-server",
      upstreamName: "io.github.x/none",
    });
    const local = fromServerJson({
      name: "io.github.x/http",
      version: "1.0.0",
      packages: [
        {
          registryType: "npm",
          identifier: "h",
          transport: { type: "streamable-http", url: "http://example.com:3000/mcp" },
        },
        { registryType: "crates", identifier: "h", transport: { type: "stdio" } },
      ],
    });
    // A local HTTP server must listen on loopback; an unknown registry is kept in provenance, said why.
    expect(local).toMatchObject({ ok: false, code: "convert.refused.no-server" });
    expect(local.notes.map((n) => n.code)).toEqual([
      "convert.alternative.unsupported",
      "convert.alternative.unsupported",
    ]);
    expect(local.notes[1]!.message).toMatch(/a crates package .*kept in provenance/);
    expect(fromServerJson([1, 2])).toMatchObject({ ok: false, code: "convert.refused.shape" });
    expect(fromServerJson({ name: "io.github.x/___" })).toMatchObject({
      ok: false,
      code: "convert.refused.name",
    });
  });

  it("cuts an over-long description at a word and keeps it whole in README.md", () => {
    const long = `${"word ".repeat(100)}end`;
    const r = ok({
      name: "io.github.x/long",
      description: long,
      version: "1.0.0",
      packages: [{ registryType: "npm", identifier: "l", transport: { type: "stdio" } }],
    });
    const description: string = json(r.files, "plugin.json").description;
    expect(description.length).toBeLessThanOrEqual(300);
    expect(description.endsWith("…")).toBe(true);
    expect(new TextDecoder().decode(r.files.get("README.md"))).toContain("end");
    expect(codes(r)).toContain("convert.description.truncated");
  });

  it.each([
    ["io.github.21st-dev/magic", "21st-dev"],
    ["com.cloudflare/mcp", "cloudflare"],
    ["io.modelcontextprotocol/everything", "modelcontextprotocol"],
  ])("publisher of %s is %s", (name, publisher) => expect(publisherOf(name)).toBe(publisher));
});
