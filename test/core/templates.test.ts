import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isConnectoryError } from "../../src/core/errors.js";
import { parseTemplate, renderServers } from "../../src/core/templates.js";
import type { ServerSet } from "../../src/core/types.js";

const servers: ServerSet = {
  tushare: { type: "streamable-http", url: "https://api.tushare.pro/mcp?token=${TUSHARE_TOKEN}" },
  remote: { type: "http", url: "https://api.example/mcp", headers: { Authorization: "Bearer ${API_KEY}" } },
  local: {
    command: "${PLUGIN_ROOT}/bin/server",
    args: ["--region", "${REGION}", "--retries=${RETRIES}"],
    env: { DEBUG: "${DEBUG}" },
    cwd: "${PLUGIN_ROOT}",
  },
};
const credentials = { TUSHARE_TOKEN: "a1b2c3", API_KEY: "sk-live-9", REGION: "eu", RETRIES: 3, DEBUG: false };

describe("renderServers", () => {
  it("renders every template, PLUGIN_ROOT included, and lists the secrets", () => {
    const result = renderServers(servers, credentials, "/home/u/.connectory/plugins/cache/m/x/1.0.0", [
      "TUSHARE_TOKEN",
      "API_KEY",
    ]);
    expect(result).toEqual({
      status: "ok",
      servers: {
        tushare: { type: "streamable-http", url: "https://api.tushare.pro/mcp?token=a1b2c3" },
        remote: {
          type: "http",
          url: "https://api.example/mcp",
          headers: { Authorization: "Bearer sk-live-9" },
        },
        local: {
          command: "/home/u/.connectory/plugins/cache/m/x/1.0.0/bin/server",
          args: ["--region", "eu", "--retries=3"],
          env: { DEBUG: "false" },
          cwd: "/home/u/.connectory/plugins/cache/m/x/1.0.0",
        },
      },
      // The whole URL is a secret once a secret is in it; longest first so redact() hides it whole.
      secretValues: ["https://api.tushare.pro/mcp?token=a1b2c3", "sk-live-9", "a1b2c3"],
    });
  });

  it("treats every credential as secret when secretKeys is not given", () => {
    const result = renderServers({ s: { command: "x", args: ["${REGION}"] } }, { REGION: "eu" }, "/p");
    expect(result).toMatchObject({ status: "ok", secretValues: ["eu"] });
  });

  it("lists no secrets when no secret key is used", () => {
    const result = renderServers({ s: { command: "x", args: ["${REGION}"] } }, { REGION: "eu" }, "/p", []);
    expect(result).toMatchObject({ status: "ok", secretValues: [] });
  });

  it("returns needs-credentials with every missing key, sorted, and no servers", () => {
    const result = renderServers(servers, { REGION: "eu" }, "/p", []);
    expect(result).toEqual({
      status: "needs-credentials",
      missing: ["API_KEY", "DEBUG", "RETRIES", "TUSHARE_TOKEN"],
    });
  });

  it("substitutes values literally, never expanding a template inside a value", () => {
    const result = renderServers(
      { s: { command: "x", args: ["${A}", "${B}"] } },
      { A: "${B}", B: "$${PLUGIN_ROOT}" },
      "/p",
      [],
    );
    expect(result).toMatchObject({ servers: { s: { args: ["${B}", "$${PLUGIN_ROOT}"] } } });
  });

  it("does not change the input servers", () => {
    const copy = structuredClone(servers);
    renderServers(servers, credentials, "/p");
    expect(servers).toEqual(copy);
  });

  it.each([
    ["an unclosed template", { s: { command: "x", args: ["${A"] } }, "template.invalid"],
    ["a lower-case key", { s: { command: "x", args: ["${a}"] } }, "template.invalid"],
    ["a credential in command", { s: { command: "${A}" } }, "template.command"],
  ])("refuses %s rather than half-render it", (_, set, code) => {
    let error: unknown;
    try {
      renderServers(set as ServerSet, { A: "v" }, "/p");
    } catch (e) {
      error = e;
    }
    expect(isConnectoryError(error) && error.code).toBe(code);
    expect(String((error as Error).message)).not.toContain('v"');
  });

  it("replaces every reference in a rendered server and nothing else", () => {
    const key = fc.constantFrom("A", "B_1", "PLUGIN_ROOT");
    const piece = fc.oneof(
      fc.string().map((s) => s.replaceAll("$", "")),
      key.map((k) => `\${${k}}`),
    );
    const value = fc.array(piece, { maxLength: 5 }).map((p) => p.join(""));
    const cred = fc.string().filter((s) => !s.includes("${"));
    fc.assert(
      fc.property(value, value, fc.option(cred, { nil: undefined }), cred, (a, b, va, vb) => {
        const creds = { ...(va === undefined ? {} : { A: va }), B_1: vb };
        const result = renderServers({ s: { command: "x", args: [a], env: { E: b } } }, creds, "/root");
        // The model: each reference replaced by its value, the text around it kept as it was. (A value
        // may itself end in "$" and meet a literal "{": that "${" is text, not a reference left behind.)
        const values: Record<string, string | undefined> = { ...creds, PLUGIN_ROOT: "/root" };
        const expected = (s: string) => s.replace(/\$\{(A|B_1|PLUGIN_ROOT)\}/g, (_, k: string) => values[k]!);
        if (result.status === "ok") {
          expect(result.servers).toEqual({
            s: { command: "x", args: [expected(a)], env: { E: expected(b) } },
          });
        } else expect(result.missing).toEqual(["A"]);
      }),
    );
  });
});

describe("parseTemplate", () => {
  it.each([
    ["plain", [{ text: "plain" }]],
    ["a${K}b", [{ text: "a" }, { key: "K" }, { text: "b" }]],
    ["${A}${B}", [{ key: "A" }, { key: "B" }]],
    ["$A {B} $", [{ text: "$A {B} $" }]],
  ])("splits %j", (value, parts) => {
    expect(parseTemplate(value)).toEqual({ parts });
  });

  it.each(["${", "${A", "${}", "${a}", "${A-B}", "${A:-x}", "${ A }", "${1A}"])("rejects %j", (value) => {
    expect(parseTemplate(value)).toHaveProperty("invalid");
  });
});
