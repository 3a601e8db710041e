import { describe, expect, it } from "vitest";
import { fromServerJson } from "../../../src/core/convert/from-server-json.js";
import { validatePackage } from "../../../src/core/package/validate-package.js";
import { reexport } from "./reexport.js";

// server.json entries a hostile or careless publisher writes: each converts to a valid package that says
// what it left out, or is refused with a code that names the problem; never a half-written package.

const decode = (b: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(b));
const entry = (extra: Record<string, unknown>) => ({
  name: "io.github.acme/x",
  version: "1.0.0",
  description: "X",
  ...extra,
});

describe("hostile server.json", () => {
  it("malformed variables: not an object, undeclared, odd names, an unclosed brace", () => {
    const r = fromServerJson(
      entry({
        remotes: [
          {
            type: "streamable-http",
            url: "https://{tenant.id}.example.com/{undeclared}/{open",
            variables: "not an object",
            headers: [{ name: "X-Key", value: "{k}", variables: [1, 2] }],
          },
        ],
      }),
    );
    if (!r.ok) throw new Error(r.message);
    expect(validatePackage(r.files, { strict: true }).ok).toBe(true);
    const server = decode(r.files.get("mcp.json")).mcpServers.x;
    // Every `{name}` became a credential; the brace that never closes stays text; a header whose
    // `variables` are not an object keeps its value as written.
    expect(server.url).toBe("https://${TENANT_ID}.example.com/${UNDECLARED}/{open");
    expect(server.headers).toEqual({ "X-Key": "{k}" });
    expect(server.inputNames).toEqual({ TENANT_ID: "tenant.id", UNDECLARED: "undeclared" });
    expect(reexport(r.files).remotes![0]!.url).toBe("https://{tenant.id}.example.com/{undeclared}/{open");
  });

  it("an unknown registryType is kept in provenance with a reason, and exported as written once declared", () => {
    const r = fromServerJson(
      entry({
        packages: [
          { registryType: "crates", identifier: "acme-mcp", version: "1.0.0", transport: { type: "stdio" } },
          { registryType: "npm", identifier: "@acme/x", version: "1.0.0", transport: { type: "stdio" } },
        ],
      }),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.notes.find((n) => n.path === "/packages/0")?.message).toMatch(
      /a crates package cannot be launched/,
    );
    expect(r.provenance.alternatives).toEqual([
      expect.objectContaining({ at: "packages/0", registryType: "crates" }),
    ]);
  });

  it("huge lists: 5,000 packages become a server and 20 alternatives, the rest noted", () => {
    const packages = Array.from({ length: 5000 }, (_, i) => ({
      registryType: "npm",
      identifier: `@acme/x${i}`,
      version: "1.0.0",
      transport: { type: "stdio" },
    }));
    const r = fromServerJson(entry({ packages }));
    if (!r.ok) throw new Error(r.message);
    expect(decode(r.files.get("mcp.json")).mcpServers.x.alternatives).toHaveLength(20);
    expect(r.notes.filter((n) => n.code === "convert.alternative.unsupported")).toHaveLength(4979);
    expect(reexport(r.files).packages).toHaveLength(21);
  });

  it("bad launch fields are refused with the validator's reason, never written", () => {
    const bad = fromServerJson(
      entry({
        remotes: [{ type: "sse", url: "https://e.com/sse", headers: [{ name: "bad header", value: "v" }] }],
      }),
    );
    expect(bad).toMatchObject({ ok: false, code: "convert.refused.invalid-package" });
    const local = fromServerJson(
      entry({
        packages: [
          {
            registryType: "mcpb",
            identifier: "http://e.com/x.mcpb",
            fileSha256: "a".repeat(64),
            transport: { type: "stdio" },
          },
          {
            registryType: "mcpb",
            identifier: "https://e.com/x.mcpb",
            fileSha256: "XYZ",
            transport: { type: "stdio" },
          },
        ],
      }),
    );
    expect(local).toMatchObject({ ok: false, code: "convert.refused.no-server" });
    expect(local.notes.map((n) => n.message)).toEqual([
      expect.stringMatching(/https:\/\/ download URL/),
      expect.stringMatching(/fileSha256/),
    ]);
  });
});
