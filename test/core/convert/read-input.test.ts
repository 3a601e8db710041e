import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ForeignIo } from "../../../src/core/convert/foreign-io.js";
import { readForeignInput } from "../../../src/core/convert/read-input.js";
import { isConnectoryError } from "../../../src/core/errors.js";

// The one reader of foreign formats, in-process through an in-memory port: no file system at all.

function memoryIo(files: Record<string, string>): ForeignIo {
  const bytes = new Map(Object.entries(files).map(([k, v]) => [k, new TextEncoder().encode(v)]));
  const isDir = (p: string) => [...bytes.keys()].some((k) => k.startsWith(p + "/"));
  return {
    async stat(p) {
      const b = bytes.get(p);
      if (b) return { directory: false, file: true, size: b.byteLength };
      return isDir(p) ? { directory: true, file: false, size: 0 } : undefined;
    },
    async read(p) {
      const b = bytes.get(p);
      if (!b) throw new Error(`ENOENT ${p}`);
      return b;
    },
    async readFolder(dir) {
      const out = new Map<string, Uint8Array>();
      for (const [k, v] of bytes) if (k.startsWith(dir + "/")) out.set(path.posix.relative(dir, k), v);
      return { files: out, executables: new Set() };
    },
    async folderInside(root, relative) {
      return { folder: path.posix.join(root, relative) };
    },
  };
}

const serverJson = JSON.stringify({
  name: "io.github.acme/weather",
  description: "Weather forecasts",
  version: "1.2.0",
  packages: [
    { registryType: "npm", identifier: "@acme/weather", version: "1.2.0", transport: { type: "stdio" } },
  ],
});

async function codeOf(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => "ok",
    (e: unknown) => (isConnectoryError(e) ? e.code : String(e)),
  );
}

describe("readForeignInput", () => {
  it("detects a server.json and converts it", async () => {
    const io = memoryIo({ "/w/server.json": serverJson });
    const read = await readForeignInput(io, "/w/server.json", "server.json", { origin: "server.json" });
    expect(read.format).toBe("server-json");
    expect(read.conversion.ok).toBe(true);
  });

  it("a .mcp.json takes --name, else its folder's name", async () => {
    const mcp = JSON.stringify({ mcpServers: { w: { command: "npx", args: ["-y", "@acme/weather"] } } });
    const io = memoryIo({ "/w/acme-tools/.mcp.json": mcp });
    const named = await readForeignInput(io, "/w/acme-tools/.mcp.json", ".mcp.json", {}, "picked");
    const fallback = await readForeignInput(io, "/w/acme-tools/.mcp.json", ".mcp.json", {});
    expect(named.conversion.ok && named.conversion.name).toBe("picked");
    expect(fallback.conversion.ok && fallback.conversion.name).toBe("acme-tools");
  });

  it("refuses with the codes convert has always used", async () => {
    const io = memoryIo({
      "/w/broken.json": "{ not json",
      "/w/market/.claude-plugin/marketplace.json": JSON.stringify({ name: "m", plugins: [{ name: "a" }] }),
      "/w/empty/readme.txt": "nothing to convert",
    });
    expect(await codeOf(readForeignInput(io, "/w/missing.json", "missing.json", {}))).toBe(
      "convert.input.missing",
    );
    expect(await codeOf(readForeignInput(io, "/w/broken.json", "broken.json", {}))).toBe(
      "convert.refused.not-json",
    );
    const market = "/w/market/.claude-plugin/marketplace.json";
    expect(await codeOf(readForeignInput(io, market, "marketplace.json", {}))).toBe(
      "convert.marketplace.plugin-missing",
    );
    expect(await codeOf(readForeignInput(io, `${market}#nope`, "marketplace.json#nope", {}))).toBe(
      "convert.marketplace.plugin-unknown",
    );
    expect(await codeOf(readForeignInput(io, "/w/empty", "empty", {}))).toBe(
      "convert.refused.format-unknown",
    );
  });

  it("a marketplace by URL needs a port that fetches", async () => {
    const io = memoryIo({});
    const url = "https://registry.example/.claude-plugin/marketplace.json#weather";
    expect(await codeOf(readForeignInput(io, url, url, {}))).toBe("convert.remote.failed");
    const fetching: ForeignIo = { ...io, fetchJson: async () => ({ plugins: [] }) };
    expect(await codeOf(readForeignInput(fetching, url, url, {}))).toBe("convert.marketplace.plugin-unknown");
  });
});
