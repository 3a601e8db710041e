import { describe, expect, it } from "vitest";
import { entryToServer } from "../../../src/core/hosts/import-entry.js";
import { moveSecrets } from "../../../src/core/hosts/import-secrets.js";
import { launchIdentity, launchMatches } from "../../../src/core/hosts/launch-match.js";

describe("moveSecrets", () => {
  it.each([
    [
      "env under a credential name",
      { command: "x", env: { API_KEY: "k1", LOG: "debug" } },
      { command: "x", env: { API_KEY: "${API_KEY}", LOG: "debug" } },
      { API_KEY: "k1" },
    ],
    [
      "a bearer header keeps its scheme",
      {
        type: "http" as const,
        url: "https://a/mcp",
        headers: { Authorization: "Bearer t0k", "X-Trace": "1" },
      },
      {
        type: "http" as const,
        url: "https://a/mcp",
        headers: { Authorization: "Bearer ${AUTHORIZATION}", "X-Trace": "1" },
      },
      { AUTHORIZATION: "t0k" },
    ],
    [
      "query parameters, raw as written",
      { type: "http" as const, url: "https://a/mcp?x=1&api_key=a%2Fb#frag" },
      { type: "http" as const, url: "https://a/mcp?x=1&api_key=${API_KEY}#frag" },
      { API_KEY: "a%2Fb" },
    ],
    [
      "flag values, both spellings",
      { command: "t", args: ["--token=abc", "--api-key", "def", "--verbose", "file"] },
      { command: "t", args: ["--token=${TOKEN}", "--api-key", "${API_KEY}", "--verbose", "file"] },
      { TOKEN: "abc", API_KEY: "def" },
    ],
    [
      "two names giving one key",
      { command: "t", env: { "api-key": "a", API_KEY: "b" } },
      { command: "t", env: { "api-key": "${API_KEY}", API_KEY: "${API_KEY_2}" } },
      { API_KEY: "a", API_KEY_2: "b" },
    ],
  ])("%s", (_, spec, server, secrets) => {
    expect(moveSecrets(spec)).toEqual({ server, secrets });
  });
});

describe("entryToServer", () => {
  it.each([
    ["gemini-cli", { url: "https://a/sse" }, { type: "sse", url: "https://a/sse" }],
    ["gemini-cli", { httpUrl: "https://a/mcp" }, { type: "http", url: "https://a/mcp" }],
    ["cline", { url: "https://a/x" }, { type: "sse", url: "https://a/x" }],
    ["cursor", { url: "https://a/x" }, { type: "http", url: "https://a/x" }],
    [
      "goose",
      { cmd: "npx", args: ["-y", "p"], envs: { A: "1" } },
      { command: "npx", args: ["-y", "p"], env: { A: "1" } },
    ],
    [
      "opencode",
      { type: "local", command: ["bun", "x"], environment: { N: 2 } },
      { command: "bun", args: ["x"], env: { N: "2" } },
    ],
    [
      "codex",
      { url: "https://a", http_headers: { H: "v" } },
      { type: "http", url: "https://a", headers: { H: "v" } },
    ],
  ] as const)("%s %j", (host, entry, server) => {
    expect(entryToServer(host, entry)).toMatchObject({ server });
  });
});

describe("launchMatches", () => {
  it("matches a package whatever its version, and a remote endpoint whatever its query", () => {
    const tpl = {
      command: "npx",
      args: ["-y", "@brave/brave-search-mcp-server@2.1.4", "--transport", "stdio"],
    };
    expect(launchMatches({ command: "npx", args: ["-y", "@brave/brave-search-mcp-server"] }, tpl)).toBe(true);
    expect(launchMatches({ command: "npx", args: ["-y", "@brave/other"] }, tpl)).toBe(false);
    expect(
      launchMatches(
        { type: "http", url: "https://api.githubcopilot.com/mcp" },
        { type: "http", url: "https://api.githubcopilot.com/mcp/?t=${T}" },
      ),
    ).toBe(true);
    expect(launchIdentity({ command: "node", args: ["server.js"] })).toBeUndefined();
  });
});
