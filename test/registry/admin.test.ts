import path from "node:path";
import { expect, it } from "vitest";
import { runAdmin } from "../../src/admin/run-admin.js";
import { createApp } from "../../src/app.js";
import { openDatabase } from "../../src/db/open-database.js";
import { MemoryBlobStore } from "../../src/storage/memory-blob-store.js";
import { tempDir } from "../helpers/tmp.js";

it("token create / list / revoke against DATABASE_URL; the secret is printed once and stored hashed", async () => {
  const databaseUrl = path.join(await tempDir(), "data", "registry.db");
  const created = await runAdmin(["token", "create", "--publisher", "acme", "--json"], { databaseUrl });
  expect(created.code).toBe(0);
  const { token, id } = JSON.parse(created.stdout) as { token: string; id: number };
  expect(token).toMatch(/^cty_[A-Za-z0-9_-]{43}$/);

  const plain = await runAdmin(["token", "create", "--publisher", "acme", "--label", "ci"], { databaseUrl });
  expect(plain.stdout).toMatch(/^cty_\S+\n$/); // stdout is just the token, for scripts
  expect(plain.stderr).toMatch(/shown only this once/);

  const listed = await runAdmin(["token", "list", "--json"], { databaseUrl });
  expect(listed.stdout).not.toContain(token);
  const rows = (
    JSON.parse(listed.stdout) as {
      tokens: Array<{ id: number; publisher: string; prefix: string; revokedAt: string | null }>;
    }
  ).tokens;
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ id, publisher: "acme", prefix: token.slice(0, 12), revokedAt: null });

  // The token works against the registry until it is revoked.
  const repo = await openDatabase(databaseUrl);
  const app = createApp({ db: repo, blobs: new MemoryBlobStore(), publicUrl: "http://r.test" });
  const whoami = () =>
    app.request("http://r.test/v1/whoami", { headers: { authorization: `Bearer ${token}` } });
  expect((await whoami()).status).toBe(200);
  const revoked = await runAdmin(["token", "revoke", token.slice(0, 12)], { databaseUrl });
  expect(revoked.code).toBe(0);
  expect((await whoami()).status).toBe(401);
  await repo.close();

  expect((await runAdmin(["token", "revoke", String(id)], { databaseUrl })).code).toBe(1); // already revoked
  expect((await runAdmin(["token", "list"], { databaseUrl })).stdout).toMatch(/revoked/);
});

it("usage mistakes exit 2 with a message; bad publisher names are refused", async () => {
  const databaseUrl = path.join(await tempDir(), "r.db");
  expect((await runAdmin([], { databaseUrl })).code).toBe(2);
  expect((await runAdmin(["--help"], { databaseUrl })).code).toBe(0);
  expect((await runAdmin(["token", "create"], { databaseUrl })).code).toBe(2);
  expect((await runAdmin(["token", "frobnicate"], { databaseUrl })).code).toBe(2);
  expect((await runAdmin(["token", "create", "--bogus"], { databaseUrl })).code).toBe(2);
  const bad = await runAdmin(["token", "create", "--publisher", "Not Valid"], { databaseUrl });
  expect(bad.code).toBe(1);
  expect(bad.stderr).toMatch(/"Not Valid" is not a valid publisher name/);
});
