import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readServerSetFast } from "../../src/core/merge/fast-server-set.js";
import { parseServerSet } from "../../src/core/package/mcp-config.js";
import { SAMPLES } from "../helpers/home.js";

/** The full validator's verdict: the servers, or undefined when it throws. */
function full(json: unknown): unknown {
  try {
    return parseServerSet(json);
  } catch {
    return "rejected";
  }
}

const cases: Array<[string, unknown]> = [
  ["wrapped stdio", { mcpServers: { a: { command: "node", args: ["x"], env: { A: "1" }, cwd: "/tmp" } } }],
  ["flat with $schema", { $schema: "x", a: { type: "stdio", command: "node" } }],
  [
    "remote with headers",
    { mcpServers: { r: { type: "sse", url: "https://h/sse", headers: { "X-A": "b" } } } },
  ],
  ["loopback http", { mcpServers: { r: { type: "http", url: "http://127.0.0.1:3000/mcp" } } }],
  [
    "plain http to a remote host (a warning)",
    { mcpServers: { r: { type: "http", url: "http://example.com/mcp" } } },
  ],
  ["empty", {}],
  ["unknown server key", { mcpServers: { a: { command: "x", extra: 1 } } }],
  ["unknown top-level key", { mcpServers: {}, other: 1 }],
  ["bad name", { mcpServers: { "bad name": { command: "x" } } }],
  ["empty command", { mcpServers: { a: { command: "" } } }],
  ["args not strings", { mcpServers: { a: { command: "x", args: [1] } } }],
  ["env name invalid", { mcpServers: { a: { command: "x", env: { "1A": "x" } } } }],
  ["header name invalid", { mcpServers: { a: { type: "http", url: "https://h", headers: { "a b": "x" } } } }],
  ["remote without url", { mcpServers: { a: { type: "http" } } }],
  ["url without type", { mcpServers: { a: { url: "https://h" } } }],
  ["unknown type", { mcpServers: { a: { type: "ws", url: "wss://h" } } }],
  ["ftp url", { mcpServers: { a: { type: "http", url: "ftp://h" } } }],
  ["relative url", { mcpServers: { a: { type: "http", url: "/mcp" } } }],
  ["a template in a hand-written file", { mcpServers: { a: { command: "x", args: ["${HOME}"] } } }],
  ["a broken template", { mcpServers: { a: { command: "x", args: ["${oops"] } } }],
  ["an array", []],
  ["mcpServers not an object", { mcpServers: [] }],
  ["server not an object", { mcpServers: { a: "node x" } }],
];

describe("readServerSetFast accepts only what parseServerSet accepts, with the same result", () => {
  it.each(cases)("%s", (_name, json) => {
    const fast = readServerSetFast(json, { templates: false });
    if (fast !== undefined) expect(fast).toEqual(full(json));
  });

  it("the common documents take the fast path", () => {
    for (const [name, json] of cases.slice(0, 4))
      expect(readServerSetFast(json, { templates: false }), name).toBeDefined();
    expect(readServerSetFast(cases[18]?.[1], { templates: false })).toBeUndefined();
  });

  it("every sample package's mcp.json takes the fast path (templates allowed) and matches", async () => {
    const entries = await fs.readdir(SAMPLES, { withFileTypes: true });
    let oauth = 0;
    for (const sample of entries.filter((e) => e.isDirectory()).map((e) => e.name)) {
      const file = path.join(SAMPLES, sample, "mcp.json");
      const json = JSON.parse(await fs.readFile(file, "utf8"));
      const fast = readServerSetFast(json, { templates: true });
      // A server declaring `oauth` (the linear sample) is left to the full validator, whose rules for
      // that block are the only ones: the fast path declines it, never accepts it differently.
      if (JSON.stringify(json).includes('"oauth"')) {
        oauth++;
        expect(fast, sample).toBeUndefined();
        continue;
      }
      expect(fast, sample).toBeDefined();
      expect(fast).toEqual(parseServerSet(json));
    }
    expect(oauth).toBe(1);
  });
});
