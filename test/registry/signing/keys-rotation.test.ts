import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { startServer } from "../../../src/server/start-server.js";
import { packFiles } from "../../../src/package/pack.js";
import { createToken } from "../../../src/registry/tokens.js";
import { cli } from "../../helpers/cli.js";
import { runAdminCaptured } from "../../helpers/admin.js";
import { makePackage } from "../../helpers/registry.js";
import { tempDir } from "../../helpers/tmp.js";

// The operator's side: a key created on first start, rotated (clients follow the endorsement), revoked
// (versions it signed are re-signed at the next start), and the log recomputed from the database.

it("rotation keeps clients verifying; revocation re-signs; log verify catches a rewritten entry", async () => {
  const dir = await tempDir();
  const databaseUrl = path.join(dir, "registry.db");
  let port = 0; // the same URL across restarts: clients keep their pins
  const start = () =>
    startServer({
      port,
      host: "127.0.0.1",
      databaseUrl,
      storageDir: path.join(dir, "blobs"),
      seed: false,
      log: () => undefined,
    });
  const publish = async (server: Awaited<ReturnType<typeof start>>, version: string) => {
    const { token } = await createToken(server.repo, { publisher: "acme", now: new Date() });
    const res = await fetch(`${server.url}/v1/connectors/demo`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: await packFiles(makePackage({ name: "demo", version })),
    });
    expect(res.status).toBe(201);
  };
  const home = await tempDir();
  let server = await start();
  port = server.port;
  // The key was created on first start, beside the database, private.
  expect((await fs.stat(path.join(dir, "signing-key.pem"))).mode & 0o777).toBe(0o600);
  await publish(server, "1.0.0");
  const env = { CONNECTORY_REGISTRY: server.url };
  const first = await cli(["install", "demo@1.0.0", "--yes"], { home, env });
  expect(first.code).toBe(0);
  expect(first.stderr).toContain(
    "pinned the signing key of marketplace default (trust on first use): sha256:",
  );
  await server.close();

  const rotated = await runAdminCaptured(["keys", "rotate", "--json"], { databaseUrl });
  expect(rotated.code).toBe(0);
  const { keyid: k2, endorsedBy: k1 } = JSON.parse(rotated.stdout);
  expect(k2).not.toBe(k1);
  server = await start();
  await publish(server, "1.1.0");
  const env2 = { CONNECTORY_REGISTRY: server.url };
  // The client pinned only the old key: it learns the new one through the endorsement.
  const follow = await cli(["install", "demo@1.1.0", "--yes", "--json"], { home, env: env2 });
  expect(follow.code).toBe(0);
  expect(follow.stderr).toContain(`rotated to key sha256:`);
  const pins = JSON.parse(await fs.readFile(path.join(home, "marketplace-keys.json"), "utf8"));
  expect(pins.default.keys.map((k: { keyid: string }) => k.keyid)).toEqual([k1, k2]);
  const listed = await runAdminCaptured(["keys", "list", "--json"], { databaseUrl });
  expect(
    JSON.parse(listed.stdout).keys.map((k: { keyid: string; endorsedBy?: string }) => [
      k.keyid,
      k.endorsedBy ?? null,
    ]),
  ).toEqual([
    [k1, null],
    [k2, k1],
  ]);
  const cannot = await runAdminCaptured(["keys", "revoke", k2], { databaseUrl });
  expect(cannot.code).toBe(1);
  expect(cannot.stderr).toContain("is the key this registry signs with");
  await server.close();

  expect((await runAdminCaptured(["keys", "revoke", k1], { databaseUrl })).code).toBe(0);
  server = await start(); // re-signs 1.0.0 with the current key
  const doc = (await (await fetch(`${server.url}/v1/connectors/demo/1.0.0`)).json()) as {
    dist: { signatures: Array<{ keyid: string }> };
  };
  expect(doc.dist.signatures.map((s) => s.keyid)).toEqual([k2]);
  const fresh = await tempDir();
  expect(
    (await cli(["install", "demo@1.0.0", "--yes"], { home: fresh, env: { CONNECTORY_REGISTRY: server.url } }))
      .code,
  ).toBe(0);
  await server.close();

  const ok = await runAdminCaptured(["log", "verify", "--json"], { databaseUrl });
  expect(ok.code).toBe(0);
  expect(JSON.parse(ok.stdout)).toMatchObject({ size: 3, checkpoints: 3, ok: true });
  const Database = (await import("better-sqlite3")).default;
  const db = new Database(databaseUrl);
  db.prepare("UPDATE tlog_leaves SET data = 'forged' WHERE idx = 0").run();
  db.close();
  const bad = await runAdminCaptured(["log", "verify"], { databaseUrl });
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain("leaf 0: its stored hash is not the hash of its data");
});
