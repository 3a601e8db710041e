import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import {
  changeConnectorCredentials,
  readCredentials,
  updateCredentials,
} from "../../cli/credentials/credentials-store.js";
import type { OAuthRecord } from "../../cli/auth/oauth-record.js";
import { readOAuth, removeOAuth, saveOAuth, saveRefreshed } from "../../cli/auth/oauth-store.js";
import { tempDir } from "../helpers/tmp.js";

// credentials.json's `oauth` section, only through readCredentials/updateCredentials.

const URL_A = "https://mcp.example/mcp";
const record = (over: Partial<OAuthRecord> = {}): OAuthRecord => ({
  url: URL_A,
  issuer: "https://as.example/",
  metadata: { token_endpoint: "https://as.example/token" },
  client: { client_id: "c1" },
  registration: "dynamic",
  redirectUri: "http://127.0.0.1:5000/callback",
  tokens: { access_token: "at-1", token_type: "bearer", refresh_token: "rt-1" },
  scopes: ["read"],
  expiresAt: "2026-12-01T01:00:00.000Z",
  signedInAt: "2026-12-01T00:00:00.000Z",
  ...over,
});

it("a sign-in survives other commands' writes, and theirs survive it", async () => {
  const home = await tempDir();
  await changeConnectorCredentials(home, "tushare@default", undefined, { TUSHARE_TOKEN: "t" });
  await saveOAuth(home, record());
  await changeConnectorCredentials(home, "github@default", undefined, { GITHUB_PAT: "g" });
  expect(await readOAuth(home, URL_A)).toEqual(record());
  const file = await readCredentials(home);
  expect(Object.keys(file.connectors).sort()).toEqual(["github@default", "tushare@default"]);
  expect((await fs.stat(path.join(home, "credentials.json"))).mode & 0o777).toBe(0o600);
});

it("a refresh keeps a non-rotating server's refresh token, and a new sign-in meanwhile wins", async () => {
  const home = await tempDir();
  await saveOAuth(home, record());
  const now = new Date("2026-12-01T00:30:00.000Z");
  const kept = await saveRefreshed(
    home,
    URL_A,
    "https://as.example/",
    { access_token: "at-2", token_type: "bearer", expires_in: 60 },
    now,
  );
  expect(kept?.tokens).toEqual({
    access_token: "at-2",
    token_type: "bearer",
    expires_in: 60,
    refresh_token: "rt-1",
  });
  expect(kept?.expiresAt).toBe("2026-12-01T00:31:00.000Z");
  // Another issuer's sign-in replaced it: the refresh of the old one is not written over it.
  await saveOAuth(
    home,
    record({ issuer: "https://other.example/", tokens: { access_token: "at-9", token_type: "bearer" } }),
  );
  expect(
    await saveRefreshed(
      home,
      URL_A,
      "https://as.example/",
      { access_token: "at-3", token_type: "bearer" },
      now,
    ),
  ).toBeUndefined();
  expect((await readOAuth(home, URL_A))?.tokens.access_token).toBe("at-9");
});

it("a record filed under another URL is not used for this one", async () => {
  const home = await tempDir();
  await updateCredentials(home, (file) => ({
    ...file,
    oauth: { [URL_A]: record({ url: "https://elsewhere.example/mcp" }) },
  }));
  expect(await readOAuth(home, URL_A)).toBeUndefined();
});

it("removing the last sign-in leaves the file in its old shape", async () => {
  const home = await tempDir();
  await saveOAuth(home, record());
  expect(await removeOAuth(home, URL_A)).toBe(true);
  expect(await removeOAuth(home, URL_A)).toBe(false);
  expect(JSON.parse(await fs.readFile(path.join(home, "credentials.json"), "utf8"))).toEqual({
    connectors: {},
    registries: {},
  });
});

it.each([
  [[], "expected an object of OAuth sign-ins"],
  [{ [URL_A]: "x" }, "is a string, not a sign-in"],
  [{ [URL_A]: { ...record(), issuer: 1 } }, 'has no "issuer" text'],
  [{ [URL_A]: { ...record(), tokens: {} } }, 'has no "tokens" with an access token'],
  [{ [URL_A]: { ...record(), scopes: "read" } }, 'has "scopes" that is not a list of text'],
])(
  "a damaged oauth section %j is an error naming the key, never a value, and is not overwritten",
  async (oauth, words) => {
    const home = await tempDir();
    const file = path.join(home, "credentials.json");
    await fs.writeFile(file, JSON.stringify({ connectors: {}, registries: {}, oauth }), { mode: 0o600 });
    await expect(readCredentials(home)).rejects.toThrow(words);
    await expect(saveOAuth(home, record())).rejects.toThrow(words);
    const error = await readCredentials(home).catch((e: Error) => e.message);
    expect(error).not.toContain("at-1");
    expect(JSON.parse(await fs.readFile(file, "utf8")).oauth).toEqual(oauth);
  },
);
