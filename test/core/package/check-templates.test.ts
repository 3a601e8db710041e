import { describe, expect, it } from "vitest";
import { checkTemplates } from "../../../src/core/package/check-templates.js";
import type { ServerSet, TokenSchema } from "../../../src/core/types.js";
import { found } from "./fixtures.js";

const schema: TokenSchema = {
  type: "object",
  properties: {
    API_KEY: { type: "string", secret: true },
    REGION: { type: "string" },
    LEVEL: { type: "string", default: "info" },
  },
  required: ["API_KEY", "REGION"],
};
const check = (servers: ServerSet, s: TokenSchema | undefined = schema) => checkTemplates(servers, s, "");
// Uses every key, so only the problem under test shows.
const usesAll = { all: { command: "x", args: ["${API_KEY}", "${REGION}", "${LEVEL}"] } };

describe("checkTemplates", () => {
  it("accepts templates in args, env values, cwd, url and header values", () => {
    const servers: ServerSet = {
      local: {
        command: "${PLUGIN_ROOT}/bin/server",
        args: ["--key=${API_KEY}", "${PLUGIN_ROOT}/data"],
        env: { REGION: "${REGION}", LEVEL: "${LEVEL}" },
        cwd: "${PLUGIN_ROOT}",
      },
      remote: { type: "http", url: "https://${REGION}.api.example/mcp", headers: { "X-Key": "${API_KEY}" } },
    };
    expect(check(servers)).toEqual([]);
  });

  it.each([
    [
      "an undeclared key in args",
      { command: "x", args: ["${NOPE}"] },
      "template.undeclared mcp.json/s/args/0",
    ],
    [
      "an undeclared key in a header",
      { type: "sse", url: "https://a.example", headers: { A: "${NOPE}" } },
      "template.undeclared mcp.json/s/headers/A",
    ],
    ["a credential in command", { command: "${API_KEY}" }, "template.command mcp.json/s/command"],
    ["an undeclared key in command", { command: "bin/${NOPE}" }, "template.command mcp.json/s/command"],
    [
      "a template in an env name",
      { command: "x", env: { "${REGION}": "v" } },
      "template.not-allowed mcp.json/s/env/${REGION}",
    ],
    [
      "a template in a header name",
      { type: "http", url: "https://a.example", headers: { "${REGION}": "v" } },
      "template.not-allowed mcp.json/s/headers/${REGION}",
    ],
    ["an unclosed ${", { command: "x", args: ["${API_KEY"] }, "template.invalid mcp.json/s/args/0"],
    ["a lower-case key", { command: "x", args: ["${api_key}"] }, "template.invalid mcp.json/s/args/0"],
    ["an empty ${}", { command: "x", cwd: "${}" }, "template.invalid mcp.json/s/cwd"],
    [
      "a shell default",
      { command: "x", env: { A: "${API_KEY:-none}" } },
      "template.invalid mcp.json/s/env/A",
    ],
    ["a nested template", { command: "x", args: ["${A${B}}"] }, "template.invalid mcp.json/s/args/0"],
    [
      "a secret in a URL",
      { type: "http", url: "https://a.example/?k=${API_KEY}" },
      "template.secret-in-url mcp.json/s/url",
    ],
  ])("reports %s", (_, server, expected) => {
    expect(found(check({ ...usesAll, s: server as never }))).toEqual([expected]);
  });

  it("makes secret-in-url a warning and undeclared keys errors", () => {
    const problems = check({
      ...usesAll,
      s: { type: "http", url: "https://a.example/?k=${API_KEY}&n=${NOPE}" },
    });
    expect(problems.map((p) => [p.code, p.severity])).toEqual([
      ["template.secret-in-url", "warning"],
      ["template.undeclared", "error"],
    ]);
  });

  it("does not flag a non-secret key in a URL", () => {
    expect(check({ ...usesAll, s: { type: "http", url: "https://a.example/?r=${REGION}" } })).toEqual([]);
  });

  it("warns on declared keys no server uses", () => {
    const problems = check({ s: { command: "x", args: ["${API_KEY}"] } });
    expect(found(problems)).toEqual([
      "template.unused token-schema.json/properties/REGION",
      "template.unused token-schema.json/properties/LEVEL",
    ]);
    expect(problems.every((p) => p.severity === "warning")).toBe(true);
  });

  it("warns on an optional key without default used in a template", () => {
    const optional: TokenSchema = { type: "object", properties: { OPT: { type: "string" } } };
    expect(found(check({ s: { command: "x", args: ["${OPT}"] } }, optional))).toEqual([
      "template.optional-unset mcp.json/s/args/0",
    ]);
  });

  it("allows a literal $ that opens no template", () => {
    expect(check({ ...usesAll, s: { command: "x", args: ["$HOME", "cost: 5$", "{x}"] } })).toEqual([]);
  });
});
