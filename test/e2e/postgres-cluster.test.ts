import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import { createToken } from "../../src/registry/tokens.js";
import { s3ConfigFromEnv } from "../../src/storage/s3-blob-store.js";
import { ROOT } from "../helpers/cli.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { packPackage } from "../helpers/registry.js";
import { startTestS3, type TestS3 } from "../helpers/s3-server.js";

// Two real registry processes (dist/src/main.js, built by `npm test`) on two ports, sharing one PostgreSQL
// database and one S3 bucket, as docs/deploy.md describes; requests are spread over both.

const available = await postgresAvailable();
const PUBLIC_URL = "http://registry.test";

interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts `node dist/src/main.js` and resolves once it says where it listens. */
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
      if (match?.[1]) resolve({ url: match[1], child, output: () => out });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`registry exited with ${code} before listening:\n${out}`)));
  });
}

async function stop(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once("exit", resolve));
  proc.child.kill("SIGTERM");
  await exited;
}

describe.skipIf(!available)("two registry processes on one PostgreSQL database and one S3 bucket", () => {
  let db: TestDatabase;
  let s3: TestS3;
  let procs: Proc[] = [];
  let token = "";
  const secret = "cluster-secret-Zz81";

  beforeAll(async () => {
    [db, s3] = await Promise.all([createTestDatabase(), startTestS3({ conditionalWrites: true })]);
    const storage = `s3://${s3.bucket}/cluster`;
    const env = { ...s3.env, DATABASE_URL: db.url, STORAGE_URL: storage };
    // Started together: the migrations lock and the start-up rebuild must cope with each other.
    procs = await Promise.all([startRegistry(env), startRegistry(env)]);
    const repo = await openDatabase(db.url);
    token = (await createToken(repo, { publisher: "acme", now: new Date() })).token;
    await repo.close();
  });
  afterAll(async () => {
    await Promise.all(procs.map(stop));
    await s3?.close();
    await db?.drop();
  });

  const at = (i: number) => procs[i % 2]!.url;
  const publish = (i: number, name: string, bytes: Uint8Array) =>
    fetch(`${at(i)}/v1/connectors/${name}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
      body: bytes,
    });

  it("50 distinct versions and 20 copies of one version at once: none lost, one winner, latest right", async () => {
    // 49 releases and one prerelease, which must not become latest.
    const versions = [
      ...Array.from({ length: 49 }, (_, i) => `1.${Math.floor(i / 10)}.${i % 10}`),
      "9.0.0-beta.1",
    ];
    const many = await Promise.all(
      versions.map((v) => packPackage({ name: "busy", version: v, publisher: "acme" })),
    );
    const same = await packPackage({ name: "contested", version: "1.0.0", publisher: "acme" });
    const results = await Promise.all([
      ...many.map((bytes, i) =>
        publish(i, "busy", bytes).then(async (r) => ({
          kind: "many",
          status: r.status,
          body: await r.text(),
        })),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        publish(i, "contested", same).then(async (r) => ({
          kind: "same",
          status: r.status,
          body: await r.text(),
        })),
      ),
    ]);
    const manyResults = results.filter((r) => r.kind === "many");
    expect(manyResults.filter((r) => r.status !== 201)).toEqual([]);
    const sameResults = results.filter((r) => r.kind === "same");
    expect(sameResults.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = sameResults.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(19).fill(409));
    for (const r of refused) expect(JSON.parse(r.body).code).toBe("publish.version.exists");

    for (const proc of procs) {
      const doc = (await (await fetch(`${proc.url}/v1/connectors/busy`)).json()) as {
        versions: Record<string, { dist: { tarball: string } }>;
        distTags: Record<string, string>;
      };
      expect(Object.keys(doc.versions).sort()).toEqual([...versions].sort());
      expect(doc.distTags.latest).toBe("1.4.8");
      expect(doc.versions["1.0.0"]?.dist.tarball).toBe(`${PUBLIC_URL}/v1/connectors/busy/1.0.0/tarball`);
      const search = (await (await fetch(`${proc.url}/v1/connectors?q=busy`)).json()) as {
        items: Array<{ name: string; version: string }>;
      };
      expect(search.items.map((i) => [i.name, i.version])).toEqual([["busy", "1.4.8"]]);
    }

    // One object per stored version: the 19 refused publishes left no blob behind.
    const client = new S3Client(s3ConfigFromEnv(s3.env));
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "cluster/" }));
    client.destroy();
    expect(listed.Contents ?? []).toHaveLength(51);
  });

  it("counts downloads exactly when both processes serve them: once per client per day", async () => {
    const bytes = await packPackage({ name: "fetched", version: "1.0.0", publisher: "acme" });
    expect((await publish(0, "fetched", bytes)).status).toBe(201);
    // 20 clients (distinct loopback source addresses), 3 downloads each, spread over both processes.
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => download(`${at(i)}/v1/connectors/fetched/1.0.0/tarball`, i % 20)),
    );
    expect(responses.every((body) => body.equals(Buffer.from(bytes)))).toBe(true);
    for (const proc of procs) {
      const doc = (await (await fetch(`${proc.url}/v1/connectors/fetched`)).json()) as { downloads: number };
      expect(doc.downloads).toBe(20);
    }
  });

  it("health checks answer on both, and no process printed a secret", async () => {
    for (const proc of procs) expect((await fetch(`${proc.url}/healthz`)).status).toBe(200);
    for (const proc of procs) {
      expect(proc.output()).not.toContain(s3.env.AWS_SECRET_ACCESS_KEY);
      expect(proc.output()).not.toContain(secret);
      expect(proc.output()).not.toContain(token);
    }
  });
});

/** GET from the loopback source address 127.0.0.<client + 10>: one client of the registry's download count. */
function download(url: string, client: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress: `127.0.0.${client + 10}` }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`HTTP ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
  });
}
