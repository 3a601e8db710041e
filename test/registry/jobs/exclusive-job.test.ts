import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/open-database.js";
import type { RegistryRepository } from "../../../src/db/repository.js";
import {
  deadHereHolder,
  PROCESS_HOLDER,
  runExclusive,
  scheduleExclusive,
} from "../../../src/registry/jobs/exclusive-job.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../../helpers/postgres.js";

// The one rule for background work (issue 28): a job runs in one process at a time, whichever holds its
// lease in the database; a dead holder's lease expires and another takes over. Two repositories on one
// database stand for two processes; both dialects.

const dialects = [{ name: "SQLite" }, ...((await postgresAvailable()) ? [{ name: "PostgreSQL" }] : [])];

it("a holder is dead only when it names a gone process of this host", async () => {
  const { spawnSync } = await import("node:child_process");
  const gone = spawnSync(process.execPath, ["-e", "0"]).pid!;
  const host = (await import("node:os")).hostname();
  expect(deadHereHolder(PROCESS_HOLDER)).toBe(false); // this very process
  expect(deadHereHolder(`${host}:${gone}:abcd`)).toBe(true);
  expect(deadHereHolder(`another-host:${gone}:abcd`)).toBe(false); // cannot tell: wait for the expiry
  expect(deadHereHolder("garbage")).toBe(false);
});

describe.each(dialects)("job leases on $name", ({ name }) => {
  let dir: string;
  let pg: TestDatabase | undefined;
  let a: RegistryRepository;
  let b: RegistryRepository;

  beforeAll(async () => {
    dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "connectory-leases-")));
    pg = name === "PostgreSQL" ? await createTestDatabase() : undefined;
    const url = pg?.url ?? path.join(dir, "registry.db");
    a = await openDatabase(url);
    b = await openDatabase(url);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await pg?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("while one process runs the job, the other skips it; once released, the other may run it", async () => {
    let release: () => void = () => undefined;
    const first = runExclusive(
      { repo: a, name: "seed", holder: "a" },
      () => new Promise<string>((resolve) => (release = () => resolve("a ran"))),
    );
    await new Promise((r) => setTimeout(r, 50));
    let ranB = false;
    expect(await runExclusive({ repo: b, name: "seed", holder: "b" }, async () => (ranB = true))).toEqual({
      ran: false,
    });
    expect(ranB).toBe(false);
    release();
    expect(await first).toEqual({ ran: true, value: "a ran" });
    expect(await runExclusive({ repo: b, name: "seed", holder: "b" }, async () => "b ran")).toEqual({
      ran: true,
      value: "b ran",
    });
  });

  it("a holder that died (no renewal, no release) loses the lease when it expires", async () => {
    const t0 = new Date("2026-12-02T10:00:00Z");
    const held = { held: true };
    expect(await a.acquireLease("checks", "dead", t0.toISOString(), "2026-12-02T10:01:00Z")).toEqual(held);
    expect(await b.acquireLease("checks", "live", "2026-12-02T10:00:30Z", "2026-12-02T10:01:30Z")).toEqual({
      held: false,
      holder: "dead",
    });
    // Nobody else's try works until the expiry; then the live one takes it and the dead one cannot.
    expect(await b.acquireLease("checks", "live", "2026-12-02T10:01:00Z", "2026-12-02T10:02:00Z")).toEqual(
      held,
    );
    expect(await a.acquireLease("checks", "dead", "2026-12-02T10:01:10Z", "2026-12-02T10:02:10Z")).toEqual({
      held: false,
      holder: "live",
    });
    await b.releaseLease("checks", "dead"); // not its lease: changes nothing
    expect(
      (await a.acquireLease("checks", "other", "2026-12-02T10:01:20Z", "2026-12-02T10:02:20Z")).held,
    ).toBe(false);
    // A holder known to be dead (its pid gone on this host) is replaced before its lease expires.
    expect(
      await a.acquireLease("checks", "other", "2026-12-02T10:01:20Z", "2026-12-02T10:02:20Z", "live"),
    ).toEqual(held);
    await b.releaseLease("checks", "other");
  });

  it("twenty processes racing for one lease: exactly one wins", async () => {
    const now = new Date().toISOString();
    const until = new Date(Date.now() + 60_000).toISOString();
    const repos = [a, b];
    const wins = await Promise.all(
      Array.from({ length: 20 }, (_, i) => repos[i % 2]!.acquireLease("race", `p${i}`, now, until)),
    );
    expect(wins.filter((w) => w.held)).toHaveLength(1);
  });

  it("the work's signal aborts when the lease is taken over (a renewal is refused)", async () => {
    const outcome = await runExclusive(
      { repo: a, name: "mirror", holder: "a", leaseMs: 90 },
      async (lost) => {
        // Another process takes the lease as if this one had stalled past its expiry.
        await b.releaseLease("mirror", "a");
        const taken = await b.acquireLease("mirror", "b", new Date().toISOString(), "2999-01-01T00:00:00Z");
        expect(taken.held).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 200)); // a renewal runs every 30 ms
        return lost.aborted;
      },
    );
    expect(outcome).toEqual({ ran: true, value: true });
    await b.releaseLease("mirror", "b");
  });

  it("a schedule on two processes runs each turn once, and stop waits for the run in flight", async () => {
    const runs: string[] = [];
    const schedules = [a, b].map((repo, i) =>
      scheduleExclusive({
        repo,
        name: "quality-refresh",
        holder: `p${i}`,
        intervalMs: 20,
        log: () => undefined,
        run: async () => {
          runs.push(`start p${i}`);
          await new Promise((resolve) => setTimeout(resolve, 15));
          runs.push(`end p${i}`);
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(schedules.map((s) => s.stop()));
    expect(runs.length).toBeGreaterThanOrEqual(4);
    // Never two runs at once: every start is followed by its own end before the next start.
    for (let i = 0; i < runs.length; i += 2) {
      expect(runs[i]!.startsWith("start")).toBe(true);
      expect(runs[i + 1]).toBe(runs[i]!.replace("start", "end"));
    }
  });
});
