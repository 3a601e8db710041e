import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../../src/core/errors.js";
import { checkTemplates } from "../../../src/core/package/check-templates.js";
import { parseServerSet, validateServerSet } from "../../../src/core/package/mcp-config.js";
import context7 from "../../fixtures/real-world/claude-plugin-context7.mcp.json" with { type: "json" };
import github from "../../fixtures/real-world/claude-plugin-github.mcp.json" with { type: "json" };
import telegram from "../../fixtures/real-world/claude-plugin-telegram.mcp.json" with { type: "json" };
import { found, mcp } from "./fixtures.js";

const one = (server: unknown) => validateServerSet({ mcpServers: { s: server } });

describe("parseServerSet", () => {
  it("reads the wrapped and the flat shape to the same server set", () => {
    expect(parseServerSet(mcp)).toEqual(mcp.mcpServers);
    expect(parseServerSet(mcp.mcpServers)).toEqual(mcp.mcpServers);
  });

  it("ignores $schema in both shapes", () => {
    const wrapped = { $schema: "https://connectory.dev/schemas/mcp.schema.json", ...mcp };
    expect(validateServerSet(wrapped)).toEqual({ servers: mcp.mcpServers, problems: [] });
    expect(parseServerSet({ $schema: "x", ...mcp.mcpServers })).toEqual(mcp.mcpServers);
  });

  it("parses the real-world Claude Code plugin configs in both shapes", () => {
    expect(parseServerSet(github)).toEqual({
      github: {
        type: "http",
        url: "https://api.githubcopilot.com/mcp/",
        headers: { Authorization: "Bearer ${GITHUB_PERSONAL_ACCESS_TOKEN}" },
      },
    });
    expect(parseServerSet(context7)).toEqual(context7.mcpServers);
    expect(parseServerSet(telegram)).toEqual(telegram.mcpServers);
  });

  it("says what the validator finds in the real-world templates", () => {
    // github: a token from the user's environment, not declared in any token-schema.
    expect(found(checkTemplates(parseServerSet(github), undefined, ""))).toEqual([
      "template.undeclared mcp.json/github/headers/Authorization",
    ]);
    // context7: the shell default syntax `${VAR:-}` is not ours; the message says how to get a default.
    const c7 = checkTemplates(parseServerSet(context7), undefined, "/mcpServers");
    expect(found(c7)).toEqual(["template.invalid mcp.json/mcpServers/context7/headers/Authorization"]);
    expect(c7[0]!.message).toMatch(/shell default syntax.*\$\{CONTEXT7_API_KEY\}.*"default"/);
    // telegram: Claude's ${CLAUDE_PLUGIN_ROOT} is our ${PLUGIN_ROOT}.
    const tg = checkTemplates(parseServerSet(telegram), undefined, "/mcpServers");
    expect(found(tg)).toEqual(["template.undeclared mcp.json/mcpServers/telegram/args/2"]);
    expect(tg[0]!.message).toContain("${PLUGIN_ROOT}");
  });

  it("throws a ConnectoryError carrying every problem", () => {
    let error: unknown;
    try {
      parseServerSet({ mcpServers: { a: { command: 1 }, b: { type: "sse" } } });
    } catch (e) {
      error = e;
    }
    expect(isConnectoryError(error) && error.code).toBe("mcp.invalid");
    if (!isConnectoryError(error)) return;
    expect(found(error.problems!)).toEqual([
      "mcp.server.command.type mcp.json/mcpServers/a/command",
      "mcp.server.url.missing mcp.json/mcpServers/b/url",
    ]);
    expect(error.message).toContain("2 problems");
  });

  it("drops unknown server keys with a warning, without throwing", () => {
    const result = validateServerSet({ s: { command: "node", timeout: 5, disabled: true } });
    expect(found(result.problems)).toEqual([
      "mcp.server.key.unknown mcp.json/s/timeout",
      "mcp.server.key.unknown mcp.json/s/disabled",
    ]);
    expect(result.problems.every((p) => p.severity === "warning")).toBe(true);
    expect(parseServerSet({ s: { command: "node", timeout: 5 } })).toEqual({ s: { command: "node" } });
  });
});

describe("validateServerSet: wrong types and shapes", () => {
  it.each([
    ["a document that is not an object", [], "mcp.root.type mcp.json"],
    ["mcpServers not an object", { mcpServers: [] }, "mcp.mcpServers.type mcp.json/mcpServers"],
  ])("reports %s", (_, json, expected) => {
    expect(found(validateServerSet(json).problems)).toEqual([expected]);
  });

  it("warns on unknown top-level keys beside mcpServers", () => {
    expect(found(validateServerSet({ ...mcp, inputs: [] }).problems)).toEqual([
      "mcp.key.unknown mcp.json/inputs",
    ]);
  });

  it.each([
    ["a server that is not an object", "node", "mcp.server.root.type mcp.json/mcpServers/s"],
    ["no command", { args: [] }, "mcp.server.command.missing mcp.json/mcpServers/s/command"],
    ["an empty command", { command: "" }, "mcp.server.command.too-short mcp.json/mcpServers/s/command"],
    [
      "args not an array",
      { command: "node", args: "a b" },
      "mcp.server.args.type mcp.json/mcpServers/s/args",
    ],
    [
      "an arg not a string",
      { command: "node", args: ["a", 1] },
      "mcp.server.args.type mcp.json/mcpServers/s/args/1",
    ],
    ["env not an object", { command: "node", env: ["A=1"] }, "mcp.server.env.type mcp.json/mcpServers/s/env"],
    [
      "an env value not a string",
      { command: "node", env: { A: 1 } },
      "mcp.server.env.type mcp.json/mcpServers/s/env/A",
    ],
    [
      "a bad env name",
      { command: "node", env: { "A-B": "1" } },
      "mcp.server.env.key.invalid mcp.json/mcpServers/s/env/A-B",
    ],
    ["cwd not a string", { command: "node", cwd: 1 }, "mcp.server.cwd.type mcp.json/mcpServers/s/cwd"],
    [
      "an unknown type",
      { type: "websocket", url: "wss://x" },
      "mcp.server.type.unknown mcp.json/mcpServers/s/type",
    ],
    [
      "a url without type",
      { url: "https://x.example/mcp" },
      "mcp.server.type.missing mcp.json/mcpServers/s/type",
    ],
    ["a remote without url", { type: "http" }, "mcp.server.url.missing mcp.json/mcpServers/s/url"],
    ["a url of wrong type", { type: "http", url: 5 }, "mcp.server.url.type mcp.json/mcpServers/s/url"],
    [
      "a url that is not a URL",
      { type: "http", url: "mcp.example.com" },
      "mcp.server.url.invalid mcp.json/mcpServers/s/url",
    ],
    [
      "a url with another scheme",
      { type: "sse", url: "file:///etc/passwd" },
      "mcp.server.url.invalid mcp.json/mcpServers/s/url",
    ],
    [
      "headers not an object",
      { type: "http", url: "https://x.example", headers: "A: b" },
      "mcp.server.headers.type mcp.json/mcpServers/s/headers",
    ],
    [
      "a header value not a string",
      { type: "http", url: "https://x.example", headers: { A: true } },
      "mcp.server.headers.type mcp.json/mcpServers/s/headers/A",
    ],
    [
      "a bad header name",
      { type: "http", url: "https://x.example", headers: { "A B": "c" } },
      "mcp.server.headers.key.invalid mcp.json/mcpServers/s/headers/A B",
    ],
    [
      "a command on a remote server",
      { type: "http", url: "https://x.example", command: "node" },
      "mcp.server.key.unknown mcp.json/mcpServers/s/command",
    ],
  ])("reports %s", (_, server, expected) => {
    const result = one(server);
    expect(found(result.problems)).toEqual([expected]);
  });

  it("keeps servers with errors out of the set, and the good ones in", () => {
    const result = validateServerSet({ mcpServers: { good: { command: "node" }, bad: { command: 1 } } });
    expect(Object.keys(result.servers)).toEqual(["good"]);
  });

  it("rejects server names that hosts cannot key by", () => {
    const result = validateServerSet({ "bad name/x": { command: "node" }, "": { command: "node" } });
    expect(found(result.problems)).toEqual([
      "mcp.server.name.invalid mcp.json/bad name~1x",
      "mcp.server.name.invalid mcp.json/",
    ]);
  });

  it("refuses a server name holding `__`: `<server>__<tool>` must split one way (issue 31 #7)", () => {
    const result = validateServerSet({ a__b: { command: "node" }, a_b: { command: "node" } });
    expect(found(result.problems)).toEqual(["mcp.server.name.separator mcp.json/a__b"]);
  });

  it("warns on plain http to a remote host, not to loopback", () => {
    expect(found(one({ type: "http", url: "http://mcp.example.com/mcp" }).problems)).toEqual([
      "mcp.server.url.insecure mcp.json/mcpServers/s/url",
    ]);
    expect(one({ type: "http", url: "http://localhost:3000/mcp" }).problems).toEqual([]);
  });

  it("checks the URL with its templates filled", () => {
    expect(one({ type: "http", url: "https://${HOST}/mcp?k=${KEY}" }).problems).toEqual([]);
    expect(found(one({ type: "http", url: "${BASE_URL}" }).problems)).toEqual([
      "mcp.server.url.invalid mcp.json/mcpServers/s/url",
    ]);
  });
});
