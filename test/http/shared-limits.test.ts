import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { parseTrustedProxies } from "../../src/core/net/forwarded.js";
import { openDatabase } from "../../src/db/open-database.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { createToken } from "../../src/registry/tokens.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../helpers/postgres.js";
import { clientEnv, packPackage } from "../helpers/registry.js";

// Issue 28: behind a load balancer every per-client rule must see the client, not the balancer, and a
// limit must hold across the registry processes sharing one database (and across a restart). Two apps
// on one database stand for two processes; requests arrive from the balancer 10.0.0.2 with
// X-Forwarded-For, as nginx sends them. Both dialects: the SQLite file and the real PostgreSQL.

const PUBLIC = "http://registry.test";
const BALANCER = "10.0.0.2";
const dialects = [{ name: "SQLite" }, ...((await postgresAvailable()) ? [{ name: "PostgreSQL" }] : [])];

describe.each(dialects)("per-client limits on $name", ({ name }) => {
  let dir: string;
  let pg: TestDatabase | undefined;
  let url: string;
  const opened: RegistryRepository[] = [];
  let apps: Array<ReturnType<typeof createApp>> = [];
  let token: string;

  const process_ = async (trusted = "10.0.0.0/8") => {
    const repo = await openDatabase(url);
    opened.push(repo);
    return createApp({
      db: repo,
      blobs: new FsBlobStore(path.join(dir, "blobs")),
      publicUrl: PUBLIC,
      clientRule: { trust: parseTrustedProxies(trusted), header: "x-forwarded-for" },
      log: (e) => {
        throw e;
      },
    });
  };

  beforeAll(async () => {
    dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-limits-")));
    pg = name === "PostgreSQL" ? await createTestDatabase() : undefined;
    url = pg?.url ?? path.join(dir, "registry.db");
    apps = [await process_(), await process_()];
    token = (await createToken(opened[0]!, { publisher: "acme", now: new Date() })).token;
    const bytes = await packPackage({ name: "target", version: "1.0.0" });
    const res = await apps[0]!.request(
      `${PUBLIC}/v1/connectors/target`,
      {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
        body: bytes,
      },
      clientEnv(BALANCER),
    );
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await Promise.all(opened.map((r) => r.close()));
    await pg?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** A request through the balancer for `client` (X-Forwarded-For as nginx writes it), to process `i`. */
  const via = (i: number, client: string, pathname: string, init: RequestInit = {}, forged?: string) =>
    apps[i % apps.length]!.request(
      `${PUBLIC}${pathname}`,
      {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          "x-forwarded-for": forged ? `${forged}, ${client}` : client,
        },
      },
      clientEnv(BALANCER),
    );
  const badLogin = (i: number, client: string, forged?: string) =>
    via(i, client, "/v1/whoami", { headers: { authorization: "Bearer cty_wrong" } }, forged);

  it("10 failed logins spread over two processes lock that client out of both — and only that client", async () => {
    for (let i = 0; i < 10; i++) {
      // A forged left-most X-Forwarded-For entry changes nothing: the balancer appended the real client.
      expect((await badLogin(i, "203.0.113.7", `198.51.100.${i}`)).status).toBe(401);
    }
    for (const i of [0, 1]) {
      const refused = await via(i, "203.0.113.7", "/v1/whoami", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Another client behind the same balancer is not affected (before: everyone was the balancer).
    const other = await via(1, "203.0.113.8", "/v1/whoami", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status).toBe(200);
  });

  it("a restarted process still knows the limit", async () => {
    const restarted = await process_();
    const res = await restarted.request(
      `${PUBLIC}/v1/whoami`,
      { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "203.0.113.7" } },
      clientEnv(BALANCER),
    );
    expect(res.status).toBe(429);
  });

  it("an untrusted peer's X-Forwarded-For is ignored: spoofing a fresh address per try does not evade", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await apps[i % 2]!.request(
        `${PUBLIC}/v1/whoami`,
        { headers: { authorization: "Bearer cty_wrong", "x-forwarded-for": `192.0.2.${i}` } },
        clientEnv("198.51.100.77"),
      );
      expect(res.status).toBe(401);
    }
    const res = await apps[0]!.request(
      `${PUBLIC}/v1/whoami`,
      { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "192.0.2.200" } },
      clientEnv("198.51.100.77"),
    );
    expect(res.status).toBe(429);
  });

  it("5 reports an hour per client across both processes, the 6th refused with Retry-After", async () => {
    const report = (i: number, client: string) =>
      via(i, client, "/v1/connectors/target/1.0.0/reports", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "broken", message: `it breaks for me, try ${i}` }),
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await report(i, "203.0.113.20")).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Concurrent reports from one client never let more than 5 through: over both processes on PostgreSQL;
    // on SQLite into one (two connections of one thread would wait on each other's write lock, which two
    // real processes do not).
    const spread = name === "PostgreSQL" ? (i: number) => i : () => 0;
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => report(spread(i), "203.0.113.21")));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(7);
    // Someone else behind the same balancer can still report.
    expect((await report(0, "203.0.113.22")).status).toBe(201);
  });

  it("downloads count once per real client, not once per balancer", async () => {
    const get = (i: number, client: string) =>
      Promise.resolve(via(i, client, "/v1/connectors/target/1.0.0/tarball")).then((r) => r.arrayBuffer());
    await Promise.all(
      ["203.0.113.30", "203.0.113.31", "203.0.113.32"].flatMap((c) => [get(0, c), get(1, c)]),
    );
    const doc = (await (await apps[0]!.request(`${PUBLIC}/v1/connectors/target`)).json()) as {
      downloads: number;
    };
    expect(doc.downloads).toBe(3);
  });
});
