import fs from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, it } from "vitest";
import { ADMIN_COMMANDS } from "../../src/admin/commands.js";
import { runAdmin as runAdminIn } from "../../src/admin/run-admin.js";
import { adminContext, runAdminCaptured as runAdmin } from "../helpers/admin.js";
import { createApp } from "../../src/server/app.js";
import { openDatabase } from "../../src/db/open-database.js";
import { MemoryBlobStore } from "../../src/storage/memory-blob-store.js";
import { tempDir } from "../helpers/tmp.js";
import { createTestRegistry, packPackage } from "../helpers/registry.js";

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

it("--help lists every command of the table under connectory-registry; each command has its own help", async () => {
  const databaseUrl = path.join(await tempDir(), "never.db");
  const top = await runAdmin(["--help"], { databaseUrl });
  expect(top.code).toBe(0);
  expect(top.stdout).toMatch(/^Usage: connectory-registry <command>/);
  for (const name of Object.keys(ADMIN_COMMANDS)) {
    expect(top.stdout).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
    const help = await runAdmin([name, "--help"], { databaseUrl });
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(new RegExp(`^Usage: connectory-registry ${name}\\b`));
  }
  expect((await runAdmin(["token", "create", "--help"], { databaseUrl })).stdout).toMatch(
    /--publisher <name>/,
  );
  expect(await runAdmin(["--version"], { databaseUrl })).toMatchObject({ code: 0, stdout: "0.0.0-test\n" });
  const unknown = await runAdmin(["frobnicate"], { databaseUrl });
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toMatch(/unknown command "frobnicate".*serve, migrate, keys, log, token/s);
  // Nothing above opened (and so created) the database.
  await expect(fs.stat(databaseUrl)).rejects.toThrow();
});

it("migrate creates and migrates the database, twice without harm; --json is one document", async () => {
  const databaseUrl = path.join(await tempDir(), "data", "registry.db");
  const first = await runAdmin(["migrate"], { databaseUrl });
  expect(first).toMatchObject({ code: 0, stdout: "" });
  expect(first.stderr).toMatch(/up to date/);
  const second = await runAdmin(["migrate", "--json"], { databaseUrl });
  expect(second.code).toBe(0);
  expect(JSON.parse(second.stdout)).toEqual({ status: "ok", database: "sqlite" });
  const repo = await openDatabase(databaseUrl);
  expect(await repo.listTokens()).toEqual([]);
  await repo.close();
  expect((await runAdmin(["migrate", "extra"], { databaseUrl })).code).toBe(2);
  expect((await runAdmin(["migrate", "--bogus"], { databaseUrl })).code).toBe(2);
});

it("serve starts from the environment, prints where it listens, and shuts down when asked", async () => {
  const dir = await tempDir();
  const { ctx, out, stop } = adminContext({
    PORT: "0",
    DATABASE_URL: path.join(dir, "registry.db"),
    STORAGE_DIR: path.join(dir, "blobs"),
    SEED: "0",
  });
  const running = runAdminIn(["serve"], ctx);
  await expect.poll(() => out.stdout, { timeout: 20_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
  const url = /listening on (\S+)/.exec(out.stdout)![1]!;
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  stop("SIGTERM");
  expect(await running).toBe(0);
  expect(out.stderr).toMatch(/SIGTERM: shutting down/);
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
});

it("serve asked to stop during a start-up rebuild stops between connectors and exits 0, without listening", async () => {
  // A registry of two connectors whose documents are out of date (an upgrade changed the derived fields).
  const databaseUrl = path.join(await tempDir(), "registry.db"); // SQLite whatever TEST_DATABASE says
  const reg = await createTestRegistry({ databaseUrl });
  const token = await reg.token("acme");
  for (const name of ["alpha", "bravo"])
    expect((await reg.publish(await packPackage({ name, version: "1.0.0" }), token, name)).status).toBe(201);
  await reg.repo.transaction((tx) => tx.setMeta("derived_fields", "8"));
  await reg.repo.close(); // its files stay for serve; removed at the end
  const { ctx, out, stop } = adminContext({
    PORT: "0",
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: reg.blobDir,
    PUBLIC_URL: reg.publicUrl,
    SEED: "0",
  });
  stop("SIGTERM"); // as a deploy's stop arriving while the process starts
  expect(await runAdminIn(["serve"], ctx)).toBe(0);
  expect(out.stderr).toContain("rebuilding the documents of 2 connectors");
  expect(out.stderr).toContain(
    "SIGTERM: stopped after rebuilding 0 of 2 connectors' documents; the next start rebuilds them all",
  );
  expect(out.stdout).not.toContain("listening");
  const repo = await openDatabase(databaseUrl);
  try {
    expect(await repo.getMeta("derived_fields")).toBe("rebuilding");
  } finally {
    await repo.close();
    await fs.rm(reg.dir, { recursive: true, force: true });
  }
});

it("serve refuses a bad PORT and a port in use with a clear error, and stops nothing else", async () => {
  const dir = await tempDir();
  const env = { DATABASE_URL: path.join(dir, "r.db"), STORAGE_DIR: path.join(dir, "b"), SEED: "0" };
  const bad = adminContext({ ...env, PORT: "80x" });
  expect(await runAdminIn(["serve"], bad.ctx)).toBe(2);
  expect(bad.out.stderr).toMatch(/PORT must be a port number.*"80x"/);
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  try {
    const busy = adminContext({ ...env, PORT: String((blocker.address() as AddressInfo).port) });
    expect(await runAdminIn(["serve"], busy.ctx)).toBe(1);
    expect(busy.out.stderr).toMatch(/could not start: .*EADDRINUSE[\s\S]*choose another PORT/);
    expect(await runAdminIn(["serve", "now"], busy.ctx)).toBe(2);
  } finally {
    blocker.close();
  }
});
