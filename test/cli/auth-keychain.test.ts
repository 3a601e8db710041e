import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, spawnCli } from "../helpers/cli.js";
import { BROWSER, oauthHome } from "../helpers/oauth-home.js";
import { secretServiceMissing, startSecretService, type SecretService } from "../helpers/secret-service.js";
import { listFiles } from "../helpers/tmp.js";
import { oauthFixture } from "../fixtures/servers/oauth-servers.js";

// OAuth sign-ins in the OS keychain store (a real Secret Service: gnome-keyring on a private D-Bus bus),
// through the built binary: `auth` stores there, `run` reads and rotates there, `--logout` removes, and
// no token is ever in a file of the home or in any output.

const missing = secretServiceMissing();
let service: SecretService;
beforeAll(async () => {
  if (!missing) service = await startSecretService();
}, 30_000);
afterAll(async () => service?.stop());

const env = () => ({ ...service.env, CONNECTORY_CREDENTIAL_STORE: "keychain", BROWSER });

async function keychainOAuth(home: string, url: string) {
  const text = await service.lookup("connectory", home);
  return text === undefined ? undefined : JSON.parse(text).oauth?.[url];
}

async function filesContaining(dir: string, needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const f of await listFiles(dir)) {
    const text = await fs.readFile(path.join(dir, f), "utf8").catch(() => "");
    if (needles.some((n) => text.includes(n))) hits.push(f);
  }
  return hits;
}

describe.skipIf(missing !== undefined && !process.env.CI)("OAuth sign-ins in the keychain store", () => {
  it("auth stores in the keychain, run refreshes there, --logout removes; no token in a file or output", async () => {
    const f = await oauthFixture();
    const home = await oauthHome(f.mcpUrl);
    const login = await spawnCli(["auth", "notes", "--json"], { home, env: env() });
    expect(login.code, login.stderr).toBe(0);
    const first = (await keychainOAuth(home, f.mcpUrl))?.tokens;
    expect(first?.access_token).toMatch(/^at-/);
    expect(existsSync(path.join(home, "credentials.json"))).toBe(false);

    f.provider.expireAccessTokens();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "run", "notes"],
      env: { ...(process.env as Record<string, string>), CONNECTORY_HOME: home, NO_COLOR: "1", ...env() },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d) => (stderr += d));
    const client = new Client({ name: "test-host", version: "1.0.0" });
    await client.connect(transport);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["whoami"]);
    await client.close();
    expect(f.provider.seen.refreshes).toBe(1);
    const second = (await keychainOAuth(home, f.mcpUrl))?.tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const status = await spawnCli(["auth", "--status", "--json"], { home, env: env() });
    expect(JSON.parse(status.stdout).servers[0]).toMatchObject({ server: "notes", state: "signed-in" });
    const secrets = [...new Set([...f.accepted, first.refresh_token, second.refresh_token])];
    const logout = await spawnCli(["auth", "notes", "--logout", "--json"], { home, env: env() });
    expect(JSON.parse(logout.stdout).servers[0]).toMatchObject({ removed: true, revoked: true });
    expect(await keychainOAuth(home, f.mcpUrl)).toBeUndefined();

    for (const s of secrets)
      expect(login.stdout + login.stderr + stderr + status.stdout + logout.stdout).not.toContain(s);
    expect(await filesContaining(home, secrets)).toEqual([]);
  });
});
