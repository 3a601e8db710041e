import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { isConnectoryError } from "../../../src/core/errors.js";
import { checkHealth } from "../../../src/registry/health.js";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../../helpers/postgres.js";
import { createTestRegistry, type TestRegistry } from "../../helpers/registry.js";

// GET /healthz runs one cheap query per call: 200 while the database answers, a 503 problem+json as
// soon as it does not, so a load balancer takes the process out.

const available = await postgresAvailable();
const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const fn of cleanup) await fn().catch(() => undefined);
});

async function expectUnavailable(reg: TestRegistry) {
  const res = await reg.request("/healthz");
  expect(res.status).toBe(503);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = (await res.json()) as { code: string; detail: string };
  expect(body.code).toBe("db.unavailable");
  // The detail stays generic: no host, file or database name reaches an anonymous caller.
  expect(body.detail).toBe("the registry is temporarily unavailable; try again shortly");
}

it("answers 200 {status: ok}, never cached, while the database answers", async () => {
  const reg = await createTestRegistry();
  cleanup.push(() => reg.close());
  const res = await reg.request("/healthz");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual({ status: "ok" });
  expect(reg.errors).toEqual([]);
});

it("a database that can no longer be read (closed) is a 503 problem+json, not a 500", async () => {
  const reg = await createTestRegistry();
  cleanup.push(() => reg.close());
  expect((await reg.request("/healthz")).status).toBe(200);
  await reg.repo.close();
  await expectUnavailable(reg);
});

describe.skipIf(!available)("PostgreSQL", () => {
  async function pgRegistry(): Promise<{ reg: TestRegistry; db: TestDatabase }> {
    const db = await createTestDatabase();
    const reg = await createTestRegistry({ databaseUrl: db.url });
    cleanup.push(async () => {
      await reg.close();
      await db.drop();
    });
    return { reg, db };
  }

  it("a database dropped under a running registry: 503 on the next check", async () => {
    const { reg, db } = await pgRegistry();
    expect((await reg.request("/healthz")).status).toBe(200);
    await db.drop(); // ends every session, then the database
    await expectUnavailable(reg);
  });

  it("a database that does not answer in time: 503 once the deadline passes", async () => {
    const { reg, db } = await pgRegistry();
    await reg.request("/healthz");
    // Another session holds an exclusive lock on the table the check reads: the query waits.
    const blocker = postgres(db.url, { max: 1, onnotice: () => undefined });
    try {
      await blocker`BEGIN`;
      await blocker`LOCK TABLE meta IN ACCESS EXCLUSIVE MODE`;
      const error = await checkHealth(reg.app.registry.deps, 300).catch((e: unknown) => e);
      expect(isConnectoryError(error) && [error.code, error.status]).toEqual(["db.unavailable", 503]);
      expect((error as Error).message).toBe("the database did not answer within 300 ms");
    } finally {
      await blocker.end({ timeout: 1 });
    }
    expect((await reg.request("/healthz")).status).toBe(200); // the lock is gone: healthy again
  });
});
