import { describe, expect, it } from "vitest";
import { validateServerSet } from "../../../src/core/package/mcp-config.js";

const codes = (json: unknown) => validateServerSet(json).problems.map((p) => `${p.code} ${p.path}`);

describe("mcp.json 2", () => {
  const v2 = (servers: Record<string, unknown>) => ({ schemaVersion: 2, mcpServers: servers });

  it("accepts alternatives, a package, a local HTTP transport, inputNames and an MCPB launch", () => {
    const result = validateServerSet(
      v2({
        fs: {
          command: "npx",
          args: ["-y", "@modelcontextprotocol/server-filesystem@1.0.2"],
          package: {
            registryType: "npm",
            identifier: "@modelcontextprotocol/server-filesystem",
            version: "1.0.2",
          },
          alternatives: [
            {
              command: "docker",
              args: ["run", "-i", "--rm", "mcp/filesystem:1.0.2"],
              package: { registryType: "oci", identifier: "mcp/filesystem:1.0.2" },
            },
            {
              package: {
                registryType: "mcpb",
                identifier: "https://example.com/fs.mcpb",
                fileSha256: "a".repeat(64),
              },
            },
            {
              command: "uvx",
              args: ["fs-http"],
              transport: { type: "streamable-http", url: "http://127.0.0.1:8931/mcp" },
            },
            {
              type: "sse",
              url: "https://${TENANT_ID}.example.com/sse",
              inputNames: { TENANT_ID: "tenant_id" },
            },
          ],
        },
      }),
    );
    expect(result.problems.filter((p) => p.severity === "error")).toEqual([]);
    const fs = result.servers["fs"] as { alternatives: Array<Record<string, unknown>> };
    expect(fs.alternatives).toHaveLength(4);
    expect(fs.alternatives[1]!["command"]).toBe(""); // an MCPB launch's command comes from its bundle
  });

  it("old packages stay valid, and a version-2 key without schemaVersion 2 says what to add", () => {
    expect(codes({ mcpServers: { a: { command: "node", args: ["x.js"] } } })).toEqual([]);
    expect(codes({ mcpServers: { a: { command: "node", alternatives: [{ command: "bun" }] } } })).toEqual([
      "mcp.schema-version.required /mcpServers/a/alternatives",
    ]);
  });

  it("refuses a newer format with a hint to update, and a malformed version", () => {
    const newer = validateServerSet({ schemaVersion: 3, mcpServers: { a: { command: "node" } } }).problems;
    expect(newer.map((p) => p.code)).toEqual(["mcp.schema-version.unsupported"]);
    expect(newer[0]!.message).toMatch(/update Connectory/);
    expect(codes({ schemaVersion: "2", mcpServers: { a: { command: "node" } } })).toEqual([
      "mcp.schema-version.invalid /schemaVersion",
    ]);
  });

  it("names the broken field inside an alternative with the server's own codes", () => {
    expect(codes(v2({ a: { command: "node", alternatives: [{ args: ["x"] }] } }))).toEqual([
      "mcp.server.command.missing /mcpServers/a/alternatives/0/command",
    ]);
    expect(codes(v2({ a: { command: "node", alternatives: [{ type: "sse", url: "ftp://x" }] } }))).toContain(
      "mcp.server.url.invalid /mcpServers/a/alternatives/0/url",
    );
  });

  it("refuses nested alternatives, a non-loopback local transport, an MCPB package without its sha256", () => {
    const nested = codes(
      v2({ a: { command: "node", alternatives: [{ command: "x", alternatives: [{ command: "y" }] }] } }),
    );
    expect(nested.some((c) => c.startsWith("mcp.server.alternatives."))).toBe(true);
    expect(
      codes(
        v2({ a: { command: "x", transport: { type: "streamable-http", url: "http://example.com:80/mcp" } } }),
      ),
    ).toEqual(["mcp.server.transport.invalid /mcpServers/a/transport/url"]);
    expect(
      codes(v2({ a: { package: { registryType: "mcpb", identifier: "https://e.com/x.mcpb" } } })),
    ).toEqual(["mcp.server.package.missing /mcpServers/a/package/fileSha256"]);
    expect(codes(v2({ a: { package: { registryType: "npm", identifier: "x" } } }))).toEqual([
      "mcp.server.command.missing /mcpServers/a/command",
    ]);
  });

  it("keeps an unknown registryType as written, and bounds the lists", () => {
    expect(
      codes(v2({ a: { command: "cargo", package: { registryType: "crates", identifier: "x" } } })),
    ).toEqual([]);
    const many = Array.from({ length: 21 }, () => ({ command: "node" }));
    expect(codes(v2({ a: { command: "node", alternatives: many } }))).toEqual([
      "mcp.server.alternatives.too-many /mcpServers/a/alternatives",
    ]);
    expect(codes(v2({ a: { command: "node", inputNames: { lower: "x" } } }))).toEqual([
      "mcp.server.inputNames.key.invalid /mcpServers/a/inputNames/lower",
    ]);
  });
});
