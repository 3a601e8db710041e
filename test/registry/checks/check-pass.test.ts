import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerSet } from "../../../src/core/types.js";
import { openDatabase } from "../../../src/db/open-database.js";
import type { ConnectorState, VersionRecord } from "../../../src/db/connector-rows.js";
import type { RegistryRepository } from "../../../src/db/repository.js";
import { parseAllowlist } from "../../../src/registry/address-guard.js";
import { runCheckPass } from "../../../src/registry/checks/check-pass.js";
import { connectorFields, versionDocument, withDownloads } from "../../../src/registry/documents.js";
import { qualityFields } from "../../../src/registry/quality.js";
import type { StabilityEvidence } from "../../../src/core/quality/evidence.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../../helpers/postgres.js";
import { tempDir } from "../../helpers/tmp.js";
import { mcpFleet, type McpFleet } from "../../../bench/lib/mcp-fleet.js";
import { addConnector } from "./check-fixtures.js";

const allow = parseAllowlist("127.0.0.1");
const URL_BASE = "http://registry.test";

function suite(label: string, open: () => Promise<{ url: string; drop(): Promise<void> }>) {
  describe(`check pass on ${label}`, () => {
    let fleet: McpFleet;
    beforeAll(async () => {
      fleet = await mcpFleet();
    });
    afterAll(async () => fleet.close());

    it("checks remote connectors only, records status, latency, protocol and tools; uptime moves", async () => {
      const db = await open();
      const repo = await openDatabase(db.url);
      try {
        await addConnector(repo, "alpha", { a: { type: "http", url: `${fleet.url}/up/alpha` } });
        await addConnector(repo, "beta", { b: { type: "http", url: `${fleet.url}/flaky/beta` } });
        await addConnector(repo, "gamma", { g: { type: "stdio", command: "node", args: ["x.js"] } });
        await addConnector(repo, "delta", { d: { type: "http", url: "https://x.example/${TOKEN}/mcp" } });
        await addConnector(repo, "epsilon", { e: { type: "http", url: `${fleet.url}/auth/epsilon` } });
        let t = Date.parse("2026-12-01T00:00:00.000Z");
        const now = () => new Date(t);

        fleet.flaky.up = true;
        const first = await runCheckPass({ repo, allow, now, minAgeMs: 60_000 });
        expect(first.entries.map((e) => e.name)).toEqual(["alpha", "beta", "epsilon"]);
        expect(first.entries[0]).toMatchObject({ status: "up", toolCount: 2 });
        expect(first.entries[0]!.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(first.entries[2]).toMatchObject({ status: "needs-auth" });
        expect(first.counts).toEqual({ up: 2, "needs-auth": 1, down: 0, error: 0 });

        // Not due yet: the same minute finds nothing to check.
        expect((await runCheckPass({ repo, allow, now, minAgeMs: 60_000 })).checked).toBe(0);

        // beta goes down for the next three checks, a day apart.
        fleet.flaky.up = false;
        for (let i = 0; i < 3; i++) {
          t += 86_400_000;
          await runCheckPass({ repo, allow, now, minAgeMs: 60_000 });
        }
        const beta = await repo.stabilityEvidence("beta", now().toISOString());
        expect(beta).toMatchObject({ checks7d: 4, checks30d: 4, uptime7d: 0.25, uptime30d: 0.25 });
        expect(beta!.latest).toMatchObject({ status: "error", kind: "remote" });
        const alpha = await repo.stabilityEvidence("alpha", now().toISOString());
        expect(alpha).toMatchObject({ uptime7d: 1, checks7d: 4 });
        expect(await repo.stabilityEvidence("gamma", now().toISOString())).toBeUndefined();
        expect(await repo.stabilityEvidence("nobody", now().toISOString())).toBeUndefined();

        // Ten days on, the 7-day window has forgotten the old checks; the 30-day one has not.
        t += 10 * 86_400_000;
        const later = await repo.stabilityEvidence("beta", now().toISOString());
        expect(later).toMatchObject({ checks7d: 0, checks30d: 4, uptime30d: 0.25 });
        expect(later!.uptime7d).toBeUndefined();

        // The batch form agrees, and leaves out connectors never checked.
        const many = await repo.stabilityEvidenceMany(
          ["alpha", "beta", "gamma", "nobody"],
          now().toISOString(),
        );
        expect([...many.keys()].sort()).toEqual(["alpha", "beta"]);
        expect(many.get("beta")).toEqual(later);

        // The connector document carries the summary once rewritten (refreshQuality, the pass's
        // onEvidence in production): `checks` and `quality.check` from the one stored summary.
        const read = async (name: string) =>
          JSON.parse(withDownloads((await repo.connectorDocument(name))!).body) as {
            checks?: StabilityEvidence;
            quality: { check?: unknown };
          };
        expect((await read("beta")).checks).toBeUndefined();
        for (const name of ["beta", "gamma"])
          await repo.transaction(async (tx) => {
            const state = (await tx.loadConnector(name))!;
            await tx.updateConnector(state.id, await qualityFields(tx, { publicUrl: URL_BASE, now }, state));
          });
        const doc = await read("beta");
        expect(doc.checks).toMatchObject({ latest: { status: "error" }, uptime7d: 0.25, checks30d: 4 });
        expect(doc.quality.check).toEqual(doc.checks!.latest);
        const gamma = await read("gamma");
        expect(gamma.checks).toBeUndefined();
        expect(gamma.quality.check).toBeUndefined();
      } finally {
        await repo.close();
        await db.drop();
      }
    });

    it("two passes at once (two database handles, as two processes) never check the same row twice", async () => {
      const db = await open();
      const setup = await openDatabase(db.url);
      const names = Array.from({ length: 40 }, (_, i) => `c${String(i).padStart(2, "0")}`);
      for (const name of names)
        await addConnector(setup, name, { s: { type: "http", url: `${fleet.url}/up/${name}` } });
      const a = await openDatabase(db.url);
      const b = await openDatabase(db.url);
      fleet.hits.clear();
      try {
        const [ra, rb] = await Promise.all([
          runCheckPass({ repo: a, allow, concurrency: 4 }),
          runCheckPass({ repo: b, allow, concurrency: 4 }),
        ]);
        const seen = [...ra.entries, ...rb.entries].map((e) => e.name).sort();
        expect(seen).toEqual(names);
        expect(ra.checked).toBeGreaterThan(0);
        expect(rb.checked).toBeGreaterThan(0);
        // Each server saw exactly one check's requests: one initialize per connector.
        for (const name of names) expect(fleet.hits.get(name), name).toBe(1);
        const many = await setup.stabilityEvidenceMany(names, new Date().toISOString());
        for (const name of names) expect(many.get(name)?.checks30d, name).toBe(1);
        // A third pass right after finds nothing due.
        expect((await runCheckPass({ repo: a, allow })).checked).toBe(0);
      } finally {
        await Promise.all([a.close(), b.close(), setup.close()]);
        await db.drop();
      }
    });

    it("--min-age 0 checks each row once per pass: rows it checked are not claimed again (issue 31 #21)", async () => {
      const db = await open();
      const repo = await openDatabase(db.url);
      const names = ["m1", "m2", "m3", "m4", "m5", "m6"];
      try {
        for (const name of names)
          await addConnector(repo, name, { s: { type: "http", url: `${fleet.url}/up/${name}` } });
        // A clock that moves on with every reading, as a real one does between refills.
        let t = Date.parse("2026-12-01T00:00:00.000Z");
        const now = () => new Date((t += 1000));
        fleet.hits.clear();
        const pass = await runCheckPass({ repo, allow, now, minAgeMs: 0, concurrency: 2, limit: 100 });
        expect(pass.entries.map((e) => e.name)).toEqual(names);
        for (const name of names) expect(fleet.hits.get(name), name).toBe(1);
        // The next pass is a new pass: everything is due again under --min-age 0.
        expect((await runCheckPass({ repo, allow, now, minAgeMs: 0, limit: 100 })).checked).toBe(6);
      } finally {
        await repo.close();
        await db.drop();
      }
    });

    it("onEvidence sees each recorded check; a pass stopped mid-check records nothing it cut short", async () => {
      const db = await open();
      const repo = await openDatabase(db.url);
      try {
        await addConnector(repo, "quick", { s: { type: "http", url: `${fleet.url}/up/quick` } });
        const seen: Array<[string, number]> = [];
        await runCheckPass({ repo, allow, onEvidence: (name, e) => void seen.push([name, e.checks30d]) });
        expect(seen).toEqual([["quick", 1]]);

        await addConnector(repo, "sluggish", {
          s: { type: "http", url: `${fleet.url}/up/sluggish?delay=5000` },
        });
        const stop = new AbortController();
        setTimeout(() => stop.abort(), 300);
        const report = await runCheckPass({ repo, allow, signal: stop.signal });
        expect(report.checked).toBe(0);
        expect(await repo.stabilityEvidence("sluggish", new Date().toISOString())).toBeUndefined();
      } finally {
        await repo.close();
        await db.drop();
      }
    });

    it("a claim whose lease expired (a crashed pass) is taken again; a live one is not", async () => {
      const db = await open();
      const repo = await openDatabase(db.url);
      try {
        await addConnector(repo, "solo", { s: { type: "http", url: `${fleet.url}/up/solo` } });
        const at = "2026-12-01T00:00:00.000Z";
        const claim = { now: at, dueBefore: at, leaseUntil: "2026-12-01T00:05:00.000Z", limit: 10 };
        expect((await repo.claimChecks(claim)).map((c) => c.name)).toEqual(["solo"]);
        expect(await repo.claimChecks({ ...claim, now: "2026-12-01T00:04:59.000Z" })).toEqual([]);
        const again = await repo.claimChecks({ ...claim, now: "2026-12-01T00:05:01.000Z" });
        expect(again).toEqual([
          {
            name: "solo",
            version: "1.0.0",
            targets: [{ url: `${fleet.url}/up/solo`, transport: "http", server: "s" }],
          },
        ]);
      } finally {
        await repo.close();
        await db.drop();
      }
    });
  });
}

suite("SQLite", async () => {
  const dir = await tempDir();
  return { url: path.join(dir, "registry.db"), drop: async () => undefined };
});

const pg = await postgresAvailable();
if (pg) {
  suite("PostgreSQL", async () => {
    const db: TestDatabase = await createTestDatabase();
    return { url: db.url, drop: db.drop };
  });
}
