import fs from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { homePaths } from "../../../cli/home/home.js";
import { computeIntegrity } from "../../../src/package/integrity.js";
import { packFiles } from "../../../src/package/pack.js";
import { blobKey } from "../../../src/storage/blob-store.js";
import { FsBlobStore } from "../../../src/storage/fs-blob-store.js";
import { cli } from "../../helpers/cli.js";
import { createTestRegistry, makePackage, type TestRegistry } from "../../helpers/registry.js";
import { listFiles, tempDir } from "../../helpers/tmp.js";

// Issue 23's attack: someone who can write the registry's database and blob storage (a stolen backup, an
// operator account, a mirror) but does not hold its signing key swaps a published version's tarball and
// rewrites the stored integrity, sha256, size and documents to match. Every user must refuse it.

let reg: TestRegistry;
let token: string;
const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
  reg.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;
const run = (home: string, ...argv: string[]) =>
  cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchFn });

const stdio = (version: string, command: string) =>
  makePackage(
    { name: "demo", version },
    {
      "mcp.json": JSON.stringify({ mcpServers: { demo: { command, args: ["server.js"] } } }),
      "server.js": "1;\n",
    },
  );

beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
});
afterAll(() => reg.close());

async function publish(version: string) {
  const res = await reg.publish(await packFiles(stdio(version, "node")), token, "demo");
  expect(res.status).toBe(201);
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * What the attacker does: the evil tarball in blob storage, and every stored field and document that
 * describes the version rewritten to match it. `statement`: also rewrite the signed statement's digests
 * (the signature, which they cannot make, stays).
 */
async function forge(version: string, options: { statement: boolean }) {
  const evil = await packFiles(stdio(version, "curl"));
  const d = computeIntegrity(evil);
  await new FsBlobStore(reg.blobDir).put(blobKey(d.sha256), evil).catch(() => undefined);
  const patchDist = (dist: Record<string, unknown>) => {
    Object.assign(dist, { integrity: d.integrity, sha256: d.sha256, size: d.size });
    if (options.statement)
      Object.assign(dist.statement as object, { integrity: d.integrity, sha256: d.sha256, size: d.size });
  };
  const [row] = await reg.sql(
    `SELECT v.id AS id, v.document AS vdoc, c.id AS cid, c.document AS cdoc FROM versions v JOIN connectors c ON c.id = v.connector_id WHERE c.name = 'demo' AND v.version = ${quote(version)}`,
  );
  const vdoc = JSON.parse(String(row!.vdoc));
  patchDist(vdoc.dist);
  vdoc.mcp = { mcpServers: { demo: { command: "curl", args: ["server.js"] } } };
  const cdoc = JSON.parse(String(row!.cdoc));
  patchDist(cdoc.versions[version].dist);
  await reg.sql(
    `UPDATE versions SET integrity = ${quote(d.integrity)}, sha256 = ${quote(d.sha256)}, size = ${d.size}, blob_key = ${quote(blobKey(d.sha256))}, document = ${quote(JSON.stringify(vdoc))}, etag = 'forged' WHERE id = ${Number(row!.id)}`,
  );
  await reg.sql(
    `UPDATE connectors SET document = ${quote(JSON.stringify(cdoc))}, etag = 'forged' WHERE id = ${Number(row!.cid)}`,
  );
}

describe("an attacker with the database and blob storage but not the signing key", () => {
  let returning: string;
  beforeEach(async () => {
    returning = await tempDir();
  });

  it("is refused for a new user and for a returning one, and nothing is written", async () => {
    await publish("1.0.0");
    expect((await run(returning, "install", "demo@^1", "--yes")).code).toBe(0);
    const before = await listFiles(returning);
    const installedBefore = await fs.readFile(homePaths(returning).installed, "utf8");
    await publish("1.1.0");
    await forge("1.1.0", { statement: false });

    // A new user: the statement still names the real tarball.
    const fresh = await tempDir();
    const first = await run(fresh, "install", "demo@1.1.0", "--yes", "--json");
    expect(first.code).toBe(1);
    expect(JSON.parse(first.stdout).error.code).toBe("install.signature.mismatch");
    expect(first.stderr).toContain("what was downloaded is not what the registry signed");
    expect(await listFiles(fresh)).toEqual([]);

    // A returning user updating: refused too, the installed version untouched.
    const update = await run(returning, "update", "demo", "--yes", "--json");
    expect(update.code).toBe(1);
    expect(update.stdout + update.stderr).toContain("install.signature.mismatch");
    expect(await listFiles(returning)).toEqual(before);
    expect(await fs.readFile(homePaths(returning).installed, "utf8")).toBe(installedBefore);
  });

  it("cannot fix the statement either: the signature no longer verifies", async () => {
    await publish("2.0.0");
    await forge("2.0.0", { statement: true });
    const fresh = await tempDir();
    const r = await run(fresh, "install", "demo@2.0.0", "--yes", "--json");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.code).toBe("install.signature.invalid");
    expect(JSON.parse(r.stdout).error.message).toContain("does not verify");
    expect(await listFiles(fresh)).toEqual([]);
    const back = await run(returning, "install", "demo@2.0.0", "--yes", "--json");
    expect(JSON.parse(back.stdout).error.code).toBe("install.signature.invalid");
  });

  it("cannot strip the signature: a version without one is refused", async () => {
    await publish("3.0.0");
    const [row] = await reg.sql(
      "SELECT c.id AS cid, c.document AS cdoc FROM connectors c WHERE c.name = 'demo'",
    );
    const cdoc = JSON.parse(String(row!.cdoc));
    delete cdoc.versions["3.0.0"].dist.statement;
    delete cdoc.versions["3.0.0"].dist.signatures;
    await reg.sql(
      `UPDATE connectors SET document = ${quote(JSON.stringify(cdoc))}, etag = 'forged2' WHERE id = ${Number(row!.cid)}`,
    );
    const fresh = await tempDir();
    const r = await run(fresh, "install", "demo@3.0.0", "--yes", "--json");
    expect(JSON.parse(r.stdout).error.code).toBe("install.signature.missing");
    expect(await listFiles(fresh)).toEqual([]);
  });
});

describe("run and doctor verify the kept signature offline", () => {
  it("refuses to launch a version whose install record was rewritten, and doctor says why", async () => {
    const home = await tempDir();
    await publish("4.0.0");
    expect((await run(home, "install", "demo@4.0.0", "--yes")).code).toBe(0);
    const file = homePaths(home).installed;
    const installed = JSON.parse(await fs.readFile(file, "utf8"));
    const entry = installed["demo@default"];
    expect(entry.signed.statement).toMatchObject({
      name: "demo",
      version: "4.0.0",
      integrity: entry.integrity,
    });
    // Someone with write access to the home rewrites the record and its kept statement together.
    entry.integrity = entry.signed.statement.integrity = "sha512-forged";
    await fs.writeFile(file, JSON.stringify(installed));
    const offline = (() => Promise.reject(new Error("offline"))) as unknown as typeof fetch;
    const r = await cli(["run", "demo"], {
      home,
      env: { CONNECTORY_REGISTRY: reg.publicUrl },
      fetch: offline,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("its signature by");
    expect(r.stderr).toContain("does not verify");
    const doctor = await cli(["doctor"], {
      home,
      env: { CONNECTORY_REGISTRY: reg.publicUrl },
      fetch: offline,
    });
    expect(doctor.stdout + doctor.stderr).toContain("FAIL demo@default: install.signature.invalid");
  });
});
