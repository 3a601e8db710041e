import { describe, expect, it } from "vitest";
import { exportEntries, getHost } from "../../../src/core/hosts/index.js";
import { hostSnippet } from "../../../src/core/hosts/snippet.js";
import type { SnippetContext } from "../../../src/core/hosts/types.js";
import type { ServerSpec } from "../../../src/core/types.js";

// mcp.json 2 in host files: a server with alternatives is written as one launch the host runs (a snippet
// picks by host; `config export` gets the machine's pick), URL variables stay credentials the host is told
// to set, and a local HTTP server or an MCPB launch goes through `connectory run`.

const ctx: SnippetContext = {
  server: "fs",
  credentials: [{ key: "TENANT_ID", secret: false }],
  launcher: { command: "connectory", args: [] },
};
const server = {
  command: "",
  package: { registryType: "mcpb", identifier: "https://e.com/fs.mcpb", fileSha256: "a".repeat(64) },
  alternatives: [
    {
      command: "npx",
      args: ["-y", "fs-http@1.0.0"],
      transport: { type: "streamable-http", url: "http://127.0.0.1:8931/mcp" },
    },
    {
      type: "streamable-http",
      url: "https://${TENANT_ID}.fs.example/mcp",
      inputNames: { TENANT_ID: "tenant_id" },
    },
  ],
} as unknown as ServerSpec;

describe("hosts and mcp.json 2", () => {
  it("a snippet takes the first launch the host runs as written, with its URL variable as a credential", () => {
    const snippet = hostSnippet(getHost("cursor"), "fs", server, ctx);
    expect(JSON.stringify(snippet.document)).toContain(".fs.example/mcp");
    expect(JSON.stringify(snippet.document)).not.toContain("alternatives");
    expect(snippet.placeholders.map((p) => p.key)).toEqual(["TENANT_ID"]);
  });

  it("a host that cannot run any launch as written gets connectory run", () => {
    const local = {
      command: "npx",
      args: ["x"],
      transport: { type: "sse", url: "http://127.0.0.1:1/sse" },
    } as ServerSpec;
    const snippet = hostSnippet(getHost("cursor"), "fs", local, ctx);
    expect(JSON.stringify(snippet.document)).toContain('"run","fs"');
    const inline = exportEntries(
      getHost("cursor"),
      [{ name: "fs", server: local, secret: false }],
      "inline",
      {
        command: "connectory",
        args: [],
      },
    );
    expect(inline.entries["fs"]).toMatchObject({ command: "connectory", args: ["run", "fs"] });
    expect(inline.notes[0]).toMatch(/connectory run/);
  });
});
