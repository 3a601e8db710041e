import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { BROWSER, oauthHome } from "../helpers/oauth-home.js";
import { listFiles, tempDir } from "../helpers/tmp.js";
import { buildHome } from "../helpers/home.js";
import { oauthFixture, type Hostile, type OAuthFixture } from "../fixtures/servers/oauth-servers.js";

// `connectory auth` in-process against a real authorization server and protected MCP server on
// 127.0.0.1 (the SDK's server-side helpers), with a scripted browser stand-in set through $BROWSER.

async function credentialsText(home: string): Promise<string> {
  return fs.readFile(path.join(home, "credentials.json"), "utf8").catch(() => "");
}

/** Every token the authorization server ever issued, for the canary. */
function issued(f: OAuthFixture): string[] {
  return [...f.accepted, ...f.provider.refreshTokens];
}

describe("connectory auth", () => {
  it("signs in: DCR as a native app, PKCE S256, resource in both requests, iss checked; stores, never prints", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    const run = await cli(["auth", "notes", "--json"], { home, env: { BROWSER } });
    expect(run.stderr).toContain("Signing in to notes");
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.servers[0]).toMatchObject({
      server: "notes",
      url: f.mcpUrl,
      state: "signed-in",
      issuer: f.issuer,
      scopes: ["mcp:tools"],
      refreshable: true,
      registration: "dynamic",
    });
    expect(f.provider.clientsStore.sent[0]).toMatchObject({
      application_type: "native",
      token_endpoint_auth_method: "none",
    });
    const [authz] = f.provider.seen.authorizations;
    expect(authz?.resource?.href).toBe(f.mcpUrl);
    expect(authz?.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(f.provider.seen.tokenResources).toEqual([f.mcpUrl]);
    const stored = JSON.parse(await credentialsText(home));
    expect(stored.oauth[f.mcpUrl]).toMatchObject({
      url: f.mcpUrl,
      issuer: f.issuer,
      registration: "dynamic",
    });
    expect((await fs.stat(path.join(home, "credentials.json"))).mode & 0o777).toBe(0o600);
    const token = stored.oauth[f.mcpUrl].tokens.access_token as string;
    expect(token).toMatch(/^at-/);
    // The login tried the token on the server once.
    expect(f.accepted).toContain(token);

    const status = await cli(["auth", "--status", "--json"], { home });
    expect(JSON.parse(status.stdout).servers).toEqual([
      expect.objectContaining({ server: "notes", state: "signed-in", scopes: ["mcp:tools"] }),
    ]);
    const text = await cli(["auth", "notes", "--status"], { home });
    expect(text.stdout).toContain("signed-in");
    for (const out of [run, status, text])
      for (const t of [...issued(f), stored.oauth[f.mcpUrl].tokens.refresh_token])
        expect(out.stdout + out.stderr).not.toContain(t);
  });

  it("uses the client id the connector declares instead of registering", async () => {
    const f = await oauthFixture();
    // Pre-registered for Connectory: any loopback port matches (RFC 8252 §7.3, the SDK's check).
    f.provider.clientsStore.clients.set("connectory-declared", {
      client_id: "connectory-declared",
      redirect_uris: ["http://127.0.0.1/callback"],
      token_endpoint_auth_method: "none",
    });
    const home = await oauthHome(f.mcpUrl, { clientId: "connectory-declared", scopes: ["mcp:tools"] });
    const run = await cli(["auth", "notes", "--json"], { home, env: { BROWSER } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).servers[0].registration).toBe("declared");
    expect(f.provider.clientsStore.requests).toEqual([]);
    expect(JSON.parse(await credentialsText(home)).oauth[f.mcpUrl].client).toMatchObject({
      client_id: "connectory-declared",
    });
  });

  it("uses a client ID metadata document where the server supports them", async () => {
    const f = await oauthFixture({ cimd: true });
    const doc = "https://connectors.example/notes/client.json";
    const home = await oauthHome(f.mcpUrl, { clientMetadataUrl: doc });
    const run = await cli(["auth", "notes", "--json"], { home, env: { BROWSER } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).servers[0].registration).toBe("metadata-document");
    expect(f.provider.clientsStore.sent).toEqual([]);
    expect(f.provider.clientsStore.fetchedDocuments).toContain(doc);
  });

  it("a 403 insufficient_scope after sign-in steps up with the challenged scopes", async () => {
    const f = await oauthFixture({ stepUp: "grant" });
    const home = await oauthHome(f.mcpUrl);
    const run = await cli(["auth", "notes", "--json"], { home, env: { BROWSER } });
    expect(run.code).toBe(0);
    expect(f.provider.seen.authorizations.map((a) => a.scopes)).toEqual([
      ["mcp:tools"],
      ["mcp:tools", "mcp:admin"],
    ]);
    expect(JSON.parse(run.stdout).servers[0].scopes).toEqual(["mcp:tools", "mcp:admin"]);
    // The step-up signs in again with the client the first round registered.
    expect(f.provider.clientsStore.requests).toHaveLength(1);
  });

  it("step-up has a limit: a scope never granted ends with auth.scope.insufficient, nothing stored", async () => {
    const f = await oauthFixture({ stepUp: "never" });
    const home = await oauthHome(f.mcpUrl);
    const run = await cli(["auth", "notes", "--json"], { home, env: { BROWSER } });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error.code).toBe("auth.scope.insufficient");
    expect(f.provider.seen.authorizations).toHaveLength(3);
    expect(await credentialsText(home)).toBe("");
  });

  it("a second sign-in reuses the stored registration: no registration request, the same client and port", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    expect((await cli(["auth", "notes"], { home, env: { BROWSER } })).code).toBe(0);
    const first = JSON.parse(await credentialsText(home)).oauth[f.mcpUrl];
    expect(f.provider.clientsStore.requests).toHaveLength(1);
    const again = await cli(["auth", "notes", "--json"], { home, env: { BROWSER } });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).servers[0]).toMatchObject({
      state: "signed-in",
      registration: "dynamic",
    });
    expect(f.provider.clientsStore.requests).toHaveLength(1);
    const second = JSON.parse(await credentialsText(home)).oauth[f.mcpUrl];
    expect(second.client.client_id).toBe(first.client.client_id);
    expect(second.redirectUri).toBe(first.redirectUri);
    expect(second.tokens.access_token).not.toBe(first.tokens.access_token);
    expect(f.provider.seen.authorizations.map((a) => a.redirectUri)).toEqual([
      first.redirectUri,
      first.redirectUri,
    ]);
    // The new token works through the reused client: `run` lists the tools with it.
    expect(f.accepted).toContain(second.tokens.access_token);
  });

  it("with the registration's port taken, it registers again rather than risk a strict server", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    expect((await cli(["auth", "notes"], { home, env: { BROWSER } })).code).toBe(0);
    const first = JSON.parse(await credentialsText(home)).oauth[f.mcpUrl];
    const blocker = http.createServer();
    await new Promise<void>((resolve) =>
      blocker.listen(Number(new URL(first.redirectUri).port), "127.0.0.1", resolve),
    );
    try {
      expect((await cli(["auth", "notes"], { home, env: { BROWSER } })).code).toBe(0);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    expect(f.provider.clientsStore.requests).toHaveLength(2);
    const second = JSON.parse(await credentialsText(home)).oauth[f.mcpUrl];
    expect(second.client.client_id).not.toBe(first.client.client_id);
    expect(second.redirectUri).not.toBe(first.redirectUri);
  });

  it("a reused client the server has forgotten is registered again, once, and the sign-in succeeds", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    expect((await cli(["auth", "notes"], { home, env: { BROWSER } })).code).toBe(0);
    const first = JSON.parse(await credentialsText(home)).oauth[f.mcpUrl];
    // The server drops the registration between the authorization and the token request: the token
    // endpoint answers invalid_client.
    const authorize = f.provider.authorize.bind(f.provider);
    let dropped = false;
    f.provider.authorize = async (client, params, res) => {
      await authorize(client, params, res);
      if (!dropped && client.client_id === first.client.client_id) {
        dropped = true;
        f.provider.clientsStore.clients.delete(client.client_id);
      }
    };
    const again = await cli(["auth", "notes", "--json"], { home, env: { BROWSER } });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stderr).toContain("no longer accepts the client Connectory registered before");
    expect(f.provider.clientsStore.requests).toHaveLength(2);
    const second = JSON.parse(await credentialsText(home)).oauth[f.mcpUrl];
    expect(second.client.client_id).not.toBe(first.client.client_id);
    expect(f.accepted).toContain(second.tokens.access_token);
  });

  it("a stored registration of another authorization server, or a hostile one, is never reused", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    expect((await cli(["auth", "notes"], { home, env: { BROWSER } })).code).toBe(0);
    const file = path.join(home, "credentials.json");
    const stored = JSON.parse(await fs.readFile(file, "utf8"));
    const record = stored.oauth[f.mcpUrl];
    for (const [label, edit] of [
      ["another issuer", { issuer: "http://127.0.0.1:1/" }],
      [
        "a non-loopback redirect",
        { client: { ...record.client, redirect_uris: ["https://evil.example/cb"] } },
      ],
      ["an expired secret", { client: { ...record.client, client_secret_expires_at: 1 } }],
    ] as const) {
      const before = f.provider.clientsStore.requests.length;
      await fs.writeFile(file, JSON.stringify({ ...stored, oauth: { [f.mcpUrl]: { ...record, ...edit } } }), {
        mode: 0o600,
      });
      const r = await cli(["auth", "notes"], { home, env: { BROWSER } });
      expect(r.code, `${label}: ${r.stderr}`).toBe(0);
      expect(f.provider.clientsStore.requests.length, label).toBe(before + 1);
    }
  });

  it("--no-browser prints the URL and waits; --timeout ends the wait with auth.timeout, nothing stored", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    const run = await cli(["auth", "notes", "--no-browser", "--timeout", "1", "--json"], {
      home,
      env: { BROWSER },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Open this address in a browser");
    expect(run.stderr).toMatch(/code_challenge_method=S256/);
    expect(JSON.parse(run.stdout).error.code).toBe("auth.timeout");
    expect(await credentialsText(home)).toBe("");
  });

  it("--logout revokes at the server and removes the sign-in", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    expect((await cli(["auth", "notes"], { home, env: { BROWSER } })).code).toBe(0);
    const out = await cli(["auth", "notes", "--logout", "--json"], { home });
    expect(JSON.parse(out.stdout)).toEqual({
      servers: [{ server: "notes", url: f.mcpUrl, removed: true, revoked: true }],
    });
    expect(f.provider.seen.revoked).toBe(2);
    expect(f.provider.refreshTokens).toEqual([]);
    expect(JSON.parse(await credentialsText(home)).oauth).toBeUndefined();
    const status = await cli(["auth", "notes", "--status", "--json"], { home });
    expect(JSON.parse(status.stdout).servers[0].state).toBe("needs-auth");
  });

  it("refuses bad usage and unknown names", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    expect((await cli(["auth"], { home })).code).toBe(2);
    expect((await cli(["auth", "notes", "--status", "--logout"], { home })).code).toBe(2);
    expect((await cli(["auth", "notes", "--timeout", "0"], { home })).code).toBe(2);
    const local = await oauthHome(f.mcpUrl);
    await fs.writeFile(path.join(local, "mcp.json"), '{ "mcpServers": { "mine": { "command": "node" } } }');
    expect((await cli(["trust", "mine"], { home: local })).code).toBe(0);
    const stdio = await cli(["auth", "mine", "--json"], { home: local });
    expect(JSON.parse(stdio.stdout).error.code).toBe("auth.server.not-remote");
    const templated = await tempDir();
    await buildHome(templated, [
      {
        name: "tenant",
        files: {
          "plugin.json": { name: "tenant", version: "1.0.0", description: "t", publisher: "test" },
          "mcp.json": { mcpServers: { tenant: { type: "http", url: "https://${HOST}/mcp", oauth: {} } } },
          "token-schema.json": {
            type: "object",
            properties: { HOST: { type: "string" } },
            required: ["HOST"],
            additionalProperties: false,
          },
        },
      },
    ]);
    const inactive = await cli(["auth", "tenant", "--json"], { home: templated });
    expect(JSON.parse(inactive.stdout).error).toMatchObject({
      code: "auth.server.inactive",
      hint: expect.stringContaining("credentials set tenant"),
    });
    const unknown = await cli(["auth", "nope", "--json"], { home });
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout).error.code).toBe("auth.server.unknown");
  });
});

it("canary: after a sign-in and a refresh, no verb prints a token and no file but credentials.json holds one", async () => {
  const f = await oauthFixture();
  const home = await oauthHome(f.mcpUrl);
  expect((await cli(["auth", "notes"], { home, env: { BROWSER } })).code).toBe(0);
  // inspect and tools reach the server with the token; an early expiry makes them refresh.
  f.provider.expireAccessTokens();
  let output = "";
  for (const argv of [
    ["inspect", "notes"],
    ["tools", "notes"],
    ["doctor"],
    ["config"],
    ["config", "--explain"],
    ["config", "--explain", "--show-secrets"],
    ["list"],
    ["auth", "--status"],
    ["auth", "notes", "--status"],
    ["config", "export", "--host", "claude-code", "--write"],
    ["config", "export", "--host", "vscode", "--mode", "inline", "--write"],
  ]) {
    for (const json of [false, true]) {
      const r = await cli(json ? [...argv, "--json"] : argv, { home });
      output += r.stdout + r.stderr;
    }
  }
  expect(output).toContain("whoami"); // the server really answered
  expect(f.provider.seen.refreshes).toBeGreaterThanOrEqual(1);
  const stored = JSON.parse(await credentialsText(home)).oauth[f.mcpUrl].tokens;
  const secrets = [...new Set([...f.accepted, stored.refresh_token])];
  for (const secret of secrets) expect(output).not.toContain(secret);
  for (const file of await listFiles(home)) {
    if (file === "credentials.json") continue;
    const text = await fs.readFile(path.join(home, file), "utf8").catch(() => "");
    for (const secret of secrets) expect(text, file).not.toContain(secret);
  }
});

describe("connectory auth refuses a hostile server, storing nothing", () => {
  const cases: Array<[Hostile, string]> = [
    ["no-s256", "auth.pkce.unsupported"],
    ["state", "auth.state.mismatch"],
    ["wrong-iss", "auth.iss.mismatch"],
    ["redirect", "auth.redirect.invalid"],
    ["token-origin", "auth.endpoint.origin"],
    ["other-resource", "auth.resource.mismatch"],
    ["origin-resource", "auth.resource.mismatch"],
    ["wrong-issuer-metadata", "auth.issuer.mismatch"],
    ["huge-metadata", "auth.response.too-large"],
    ["garbage-metadata", "auth.discovery.failed"],
    ["no-registration", "auth.client.unregistered"],
    ["wrong-audience", "auth.token.failed"],
  ];
  it.each(cases)("%s → %s", async (hostile, code) => {
    const f = await oauthFixture({ hostile });
    const home = await oauthHome(f.mcpUrl);
    const run = await cli(["auth", "notes", "--timeout", "10", "--json"], { home, env: { BROWSER } });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error.code).toBe(code);
    expect(await credentialsText(home)).toBe("");
    // No code was redeemed for a token after a refused callback.
    expect(f.accepted).toEqual([]);
  });
});
