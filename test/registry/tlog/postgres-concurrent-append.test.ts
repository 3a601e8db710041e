import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedStatement, readStatement } from "../../../src/core/signing/statement.js";
import { parseCheckpoint } from "../../../src/core/tlog/checkpoint.js";
import { leafHash, verifyConsistency, verifyInclusion } from "../../../src/core/tlog/merkle.js";
import { openDatabase } from "../../../src/db/open-database.js";
import { newKeyPem } from "../../../src/registry/signing/signer.js";
import { verifyLog } from "../../../src/registry/tlog/verify-log.js";
import { createToken } from "../../../src/registry/tokens.js";
import { ROOT } from "../../helpers/cli.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../../helpers/postgres.js";
import { packPackage } from "../../helpers/registry.js";

// Issue 23: "works on PostgreSQL too, with concurrent publishes from several processes appending in one
// order". Three real registry processes (dist/src/main.js, built by `npm run build`) on one database and
// one signing key take 60 publishes at once; the log must come out gapless, one leaf per version, every
// statement at its recorded index, every proof verifying, and `log verify` clean.

const available = await postgresAvailable();
const PUBLIC_URL = "http://registry.test";
const PROCESSES = 3;
const PUBLISHES = 60;

interface Proc {
  url: string;
  child: ChildProcess;
}

function startRegistry(env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, [path.join(ROOT, "dist/src/main.js")], {
    env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", SEED: "0", PUBLIC_URL },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve({ url: match[1], child });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`registry exited with ${code} before listening:\n${out}`)));
  });
}

async function stop(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once("exit", resolve));
  proc.child.kill("SIGTERM");
  await exited;
}

describe.skipIf(!available)("transparency log appends from several processes on PostgreSQL", () => {
  let db: TestDatabase;
  let blobs: string;
  let procs: Proc[] = [];
  let token = "";

  beforeAll(async () => {
    db = await createTestDatabase();
    blobs = await fs.mkdtemp(path.join(os.tmpdir(), "connectory-tlog-pg-"));
    // One key for every process, as docs/deploy.md asks of a cluster.
    const env = { DATABASE_URL: db.url, STORAGE_URL: blobs, SIGNING_KEY: newKeyPem() };
    procs = await Promise.all(Array.from({ length: PROCESSES }, () => startRegistry(env)));
    const repo = await openDatabase(db.url);
    token = (await createToken(repo, { publisher: "acme", now: new Date() })).token;
    await repo.close();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(procs.map(stop));
    await db?.drop();
    if (blobs) await fs.rm(blobs, { recursive: true, force: true });
  });

  it("60 publishes at once over 3 processes: a gapless log in one order, proofs verify, log verify clean", async () => {
    // Distinct connectors (no connector lock in common) and versions of one connector (that lock too).
    const jobs = await Promise.all(
      Array.from({ length: PUBLISHES }, (_, i) => {
        const name = i % 2 === 0 ? `tlog-${i}` : "tlog-shared";
        const version = i % 2 === 0 ? "1.0.0" : `1.0.${i}`;
        return packPackage({ name, version, publisher: "acme" }).then((bytes) => ({ name, version, bytes }));
      }),
    );
    const statuses = await Promise.all(
      jobs.map(async (job, i) => {
        const res = await fetch(`${procs[i % PROCESSES]!.url}/v1/connectors/${job.name}`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
          body: job.bytes,
        });
        return `${res.status} ${res.status === 201 ? "" : await res.text()}`.trim();
      }),
    );
    expect(statuses).toEqual(Array(PUBLISHES).fill("201"));

    const repo = await openDatabase(db.url);
    try {
      // One leaf per version, indexes 0..59 with no gap or repeat, each leaf the version's statement.
      const leaves = await repo.log.leaves(0, PUBLISHES + 10);
      expect(leaves.map((l) => l.index)).toEqual(Array.from({ length: PUBLISHES }, (_, i) => i));
      const url = procs[0]!.url;
      const cp = parseCheckpoint(await (await fetch(`${url}/v1/log/checkpoint`)).text()).checkpoint!;
      expect(cp.size).toBe(PUBLISHES);
      const seen = new Set<number>();
      for (const job of jobs) {
        const doc = (await (await fetch(`${url}/v1/connectors/${job.name}/${job.version}`)).json()) as {
          dist: { statement: unknown; log: { index: number } };
        };
        const index = doc.dist.log.index;
        expect(seen.has(index), `index ${index} given twice`).toBe(false);
        seen.add(index);
        const { statement } = readStatement(doc.dist.statement);
        const bytes = signedStatement(statement!);
        expect(leaves[index]!.data).toBe(new TextDecoder().decode(bytes));
        const proof = (await (
          await fetch(
            `${procs[index % PROCESSES]!.url}/v1/log/proof/inclusion?index=${index}&size=${cp.size}`,
          )
        ).json()) as { proof: string[] };
        const path = proof.proof.map((h) => Buffer.from(h, "base64"));
        expect(verifyInclusion(index, cp.size, leafHash(bytes), path, cp.root), `leaf ${index}`).toBe(true);
      }
      // Every checkpoint any process signed is consistent with the newest: one history, not forks.
      for (const row of await repo.log.checkpoints()) {
        const con = (await (
          await fetch(`${url}/v1/log/proof/consistency?from=${row.size}&to=${cp.size}`)
        ).json()) as { proof: string[] };
        const proof = (con.proof ?? []).map((h) => Buffer.from(h, "base64"));
        const ok =
          row.size === cp.size ||
          verifyConsistency(row.size, cp.size, Buffer.from(row.root, "hex"), cp.root, proof);
        expect(ok, `checkpoint ${row.size}`).toBe(true);
      }
      expect(await verifyLog(repo)).toMatchObject({ size: PUBLISHES, problems: [] });
    } finally {
      await repo.close();
    }
  }, 120_000);
});
