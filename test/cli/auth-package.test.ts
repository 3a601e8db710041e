import path from "node:path";
import { describe, expect, it } from "vitest";
import { validatePackage } from "../../src/core/package/validate-package.js";
import { validateServerSet } from "../../src/core/package/mcp-config.js";
import { readPackageDir } from "../../src/package/read-dir.js";
import { serverLines, serverView } from "../../cli/terminal/connector-view.js";
import { browserCommands } from "../../cli/auth/browser.js";
import { vetMetadata } from "../../cli/auth/discovery.js";
import { checkCallback } from "../../cli/auth/login.js";
import type { Discovered } from "../../cli/auth/discovery.js";
import { ROOT } from "../helpers/cli.js";

// The `oauth` key of a remote server in mcp.json (issue 16), what `info` says about it, and the pure
// parts of the sign-in: the browser command, the metadata checks and the callback checks.

const remote = (oauth: unknown) => ({
  mcpServers: { s: { type: "http", url: "https://x.example/mcp", oauth } },
});
const codes = (json: unknown) =>
  validateServerSet(json).problems.map((p) => `${p.severity} ${p.code} ${p.path}`);

describe("mcp.json oauth", () => {
  it("accepts {} and every documented key, and keeps it on the server", () => {
    const full = {
      clientId: "abc",
      clientMetadataUrl: "https://x.example/client.json",
      scopes: ["read", "write:all"],
    };
    for (const oauth of [{}, full]) {
      const { servers, problems } = validateServerSet(remote(oauth));
      expect(problems).toEqual([]);
      expect(servers.s).toMatchObject({ oauth });
    }
  });

  it.each([
    ["not an object", "error mcp.server.oauth.type /mcpServers/s/oauth"],
    [{ clientId: "" }, "error mcp.server.oauth.too-short /mcpServers/s/oauth/clientId"],
    [{ clientId: "x".repeat(256) }, "error mcp.server.oauth.too-long /mcpServers/s/oauth/clientId"],
    [
      { clientMetadataUrl: "http://x.example/c.json" },
      "error mcp.server.oauth.invalid /mcpServers/s/oauth/clientMetadataUrl",
    ],
    [
      { clientMetadataUrl: "https://x.example" },
      "error mcp.server.oauth.invalid /mcpServers/s/oauth/clientMetadataUrl",
    ],
    [{ scopes: ["a b"] }, "error mcp.server.oauth.invalid /mcpServers/s/oauth/scopes/0"],
    [{ scopes: ["a", "a"] }, "error mcp.server.oauth.duplicate /mcpServers/s/oauth/scopes"],
    [
      { scopes: Array.from({ length: 33 }, (_, i) => `s${i}`) },
      "error mcp.server.oauth.too-many /mcpServers/s/oauth/scopes",
    ],
    [{ scopes: "read" }, "error mcp.server.oauth.type /mcpServers/s/oauth/scopes"],
    [{ clientSecret: "x" }, "warning mcp.server.key.unknown /mcpServers/s/oauth/clientSecret"],
  ])("refuses %j", (oauth, code) => {
    expect(codes(remote(oauth))).toContain(code);
  });

  it("is a remote key: a stdio server with oauth gets the unknown-key warning and loses it", () => {
    const { servers, problems } = validateServerSet({ mcpServers: { s: { command: "node", oauth: {} } } });
    expect(problems.map((p) => p.code)).toEqual(["mcp.server.key.unknown"]);
    expect(servers.s).toEqual({ command: "node" });
  });

  it("the linear sample passes --strict, and info says it signs in with OAuth", async () => {
    const files = await readPackageDir(path.join(ROOT, "plugins-sample/linear"));
    const report = validatePackage(files, { strict: true });
    expect(report.problems).toEqual([]);
    const view = serverView("linear", report.package!.servers.linear!);
    expect(view).toMatchObject({ transport: "streamable-http", oauth: true });
    expect(serverLines(view)[0]).toContain("signs in with OAuth (connectory auth linear)");
  });
});

describe("the browser", () => {
  it.each([
    [{ BROWSER: "firefox" }, "linux", [{ command: "firefox", args: ["U"] }]],
    [{ BROWSER: "my-open --new %s --x" }, "linux", [{ command: "my-open", args: ["--new", "U", "--x"] }]],
    [
      { BROWSER: "w3m:lynx" },
      "linux",
      [
        { command: "w3m", args: ["U"] },
        { command: "lynx", args: ["U"] },
      ],
    ],
    [{}, "linux", [{ command: "xdg-open", args: ["U"] }]],
    [{}, "darwin", [{ command: "open", args: ["U"] }]],
    [{}, "win32", [{ command: "rundll32", args: ["url.dll,FileProtocolHandler", "U"] }]],
    [{ BROWSER: "  " }, "darwin", [{ command: "open", args: ["U"] }]],
  ] as const)("%j on %s", (env, platform, expected) => {
    expect(browserCommands("U", env, platform)).toEqual(expected);
  });
});

const META = {
  issuer: "https://as.example/",
  authorization_endpoint: "https://as.example/authorize",
  token_endpoint: "https://as.example/token",
  response_types_supported: ["code"],
  code_challenge_methods_supported: ["S256"],
};

describe("authorization server metadata", () => {
  it.each([
    [{}, undefined],
    [{ issuer: "https://as.example" }, undefined],
    [{ code_challenge_methods_supported: undefined }, "auth.pkce.unsupported"],
    [{ code_challenge_methods_supported: ["plain"] }, "auth.pkce.unsupported"],
    [{ issuer: "https://other.example/" }, "auth.issuer.mismatch"],
    [{ token_endpoint: "https://evil.example/token" }, "auth.endpoint.origin"],
    [{ registration_endpoint: "https://as.example:8443/register" }, "auth.endpoint.origin"],
    [{ revocation_endpoint: "https://evil.example/revoke" }, "auth.endpoint.origin"],
    [{ token_endpoint: "http://as.example/token" }, "auth.insecure"],
  ])("%j → %s", (change, code) => {
    const run = () => vetMetadata("https://as.example/", { ...META, ...change } as never);
    if (code === undefined) expect(run).not.toThrow();
    else expect(run).toThrow(expect.objectContaining({ code }));
  });
});

describe("the callback", () => {
  const discovered = (issRequired: boolean) =>
    ({
      issuer: "https://as.example/",
      metadata: { ...META, authorization_response_iss_parameter_supported: issRequired },
    }) as unknown as Discovered;
  it.each([
    ["code=c&state=s&iss=https%3A%2F%2Fas.example%2F", true, "c"],
    ["code=c&state=s", false, "c"],
    ["code=c&state=s", true, "auth.iss.mismatch"],
    ["code=c&state=s&iss=https%3A%2F%2Fevil.example%2F", false, "auth.iss.mismatch"],
    ["code=c&state=other&iss=https%3A%2F%2Fas.example%2F", true, "auth.state.mismatch"],
    ["code=c", false, "auth.state.mismatch"],
    ["error=access_denied&state=s", false, "auth.denied"],
    ["state=s", false, "auth.token.failed"],
  ])("%s (iss required: %s) → %s", (query, required, expected) => {
    const run = () => checkCallback(new URLSearchParams(query), "s", discovered(required));
    if (expected.startsWith("auth.")) expect(run).toThrow(expect.objectContaining({ code: expected }));
    else expect(run()).toBe(expected);
  });
});
