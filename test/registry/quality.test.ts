import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QualityDocument } from "../../src/core/quality/types.js";
import type { CheckResult, StabilityEvidence } from "../../src/core/quality/evidence.js";
import {
  clientEnv,
  createTestRegistry,
  packDir,
  packPackage,
  type TestRegistry,
} from "../helpers/registry.js";

// The quality score as the registry stores and serves it (SQLite, and PostgreSQL under
// TEST_DATABASE=postgres): computed at publish, moved by every kind of evidence, stored in the
// connector document and in the column search sorts by.

let reg: TestRegistry;
let acme: string;
let day = new Date("2026-12-01T10:00:00Z");

beforeAll(async () => {
  reg = await createTestRegistry({ now: () => day });
  acme = await reg.token("acme");
  const samples = await reg.token("connectory-samples");
  expect((await reg.publish(await packDir("weather"), samples, "weather")).status).toBe(201);
  expect(
    (await reg.publish(await packPackage({ name: "plain", version: "1.0.0" }), acme, "plain")).status,
  ).toBe(201);
});
afterAll(() => reg.close());

const quality = async (name: string) =>
  ((await (await reg.request(`/v1/connectors/${name}`)).json()) as { quality: QualityDocument }).quality;
const document = async (name: string) =>
  (await (await reg.request(`/v1/connectors/${name}`)).json()) as {
    quality: QualityDocument;
    checks?: StabilityEvidence;
  };
const itemOf = (q: QualityDocument, id: string) => q.items.find((i) => i.id === id)!;
/** The points earned (the score is their share of the points of the items that apply, formula 2). */
const earned = (q: QualityDocument) => q.items.reduce((s, i) => s + i.points, 0);
const share = (q: QualityDocument) =>
  Math.round((100 * earned(q)) / q.items.reduce((s, i) => s + (i.applies === false ? 0 : i.max), 0));
const search = async (query = "sort=quality") =>
  (
    (await (await reg.request(`/v1/connectors?${query}`)).json()) as {
      items: Array<{ name: string; quality: number }>;
    }
  ).items;

describe("the quality score in the registry", () => {
  it("is computed at publish and served with its checklist in the connector document", async () => {
    const q = await quality("weather");
    expect(q.formula).toBe(2);
    expect(q.version).toBe("1.0.0");
    expect(q.computedAt).toBe(day.toISOString());
    expect(q.score).toBe(share(q));
    expect(q.items.map((i) => i.group)).toContain("community");
    for (const i of q.items) {
      expect(typeof i.reason).toBe("string");
      if (!i.pass && i.applies !== false) expect(i.fix).toBeTruthy();
    }
    expect(itemOf(q, "package.license").pass).toBe(true);
    expect(itemOf(q, "package.permissions").pass).toBe(true);
    // Never checked: shown, not counted (formula 2).
    expect(itemOf(q, "stability.up")).toMatchObject({ pass: false, points: 0, applies: false });
    expect(itemOf(q, "stability.up").reason).toMatch(/^not checked yet/);
    expect(q.check).toBeUndefined();
    const plain = await quality("plain");
    expect(itemOf(plain, "package.license").pass).toBe(false);
    expect(itemOf(plain, "package.readme").reason).toBe("the package has no README.md");
    expect(plain.score).toBeLessThan(q.score);
  });

  it("rides in the listing row: sort=quality orders by it, and every item carries its score", async () => {
    const items = await search();
    expect(items.map((i) => i.name)).toEqual(["weather", "plain"]);
    expect(items[0]!.quality).toBe((await quality("weather")).score);
    expect(items[1]!.quality).toBe((await quality("plain")).score);
    // A keyset page continues after the cursor on the same key.
    const first = (await (await reg.request("/v1/connectors?sort=quality&limit=1")).json()) as {
      nextCursor: string;
    };
    const next = await search(`sort=quality&limit=1&cursor=${first.nextCursor}`);
    expect(next.map((i) => i.name)).toEqual(["plain"]);
  });

  it("moves with unique weekly downloads (one per client per day) once recomputed", async () => {
    const before = await quality("plain");
    expect(itemOf(before, "community.downloads").pass).toBe(false);
    for (let i = 0; i < 10; i++) {
      const env = clientEnv(`198.51.100.${i + 1}`);
      for (let k = 0; k < 2; k++) {
        const res = await reg.app.request(`${reg.publicUrl}/v1/connectors/plain/1.0.0/tarball`, {}, env);
        expect(res.status).toBe(200);
      }
    }
    // Nothing has moved yet (no recompute): a recompute of an unchanged checklist writes nothing.
    const etag = (await reg.request("/v1/connectors/weather")).headers.get("etag");
    day = new Date("2026-12-01T11:00:00Z");
    expect((await reg.app.registry.refreshQuality("weather"))!.computedAt).toBe("2026-12-01T10:00:00.000Z");
    expect((await reg.request("/v1/connectors/weather")).headers.get("etag")).toBe(etag);
    day = new Date("2026-12-01T10:00:00Z");
    const after = await reg.app.registry.refreshQuality("plain");
    expect(itemOf(after!, "community.downloads")).toMatchObject({ pass: true, points: 8 });
    expect(itemOf(after!, "community.downloads").reason).toContain("10 unique downloads");
    expect(itemOf(after!, "community.trend").pass).toBe(true);
    expect(earned(after!)).toBe(earned(before) + 12);
    expect(after!.score).toBe(share(after!));
    expect((await quality("plain")).score).toBe(after!.score);

    // Two weeks later the downloads have left the window: the trend and the count fail again.
    day = new Date("2026-12-16T10:00:00Z");
    const later = await reg.app.registry.refreshQuality("plain");
    expect(itemOf(later!, "community.downloads").pass).toBe(false);
    expect(itemOf(later!, "community.trend").reason).toContain("no downloads this week");
    day = new Date("2026-12-01T10:00:00Z");
  });

  it("scores the evidence the checker recorded, and keeps it for later recomputes", async () => {
    const before = (await reg.app.registry.refreshQuality("plain"))!;
    const up: CheckResult = {
      checkedAt: new Date(day.getTime() - 60_000).toISOString(),
      status: "up",
      kind: "remote",
      latencyMs: 12,
      toolCount: 2,
    };
    const recorded = (await reg.repo.recordCheck("plain", "1.0.0", up))!;
    // Until the rescore, the document shows the evidence it was written with: the old one, in both places.
    expect((await document("plain")).checks).toBeUndefined();
    const q = await reg.app.registry.refreshQuality("plain");
    // Checked and up: the stability items now apply and pass.
    expect(earned(q!)).toBe(earned(before) + 25);
    expect(q!.score).toBe(share(q!));
    expect(q!.check).toEqual(up);
    const doc = await document("plain");
    expect(doc.checks).toEqual(recorded);
    expect(doc.quality.check).toEqual(doc.checks!.latest);
    // A publish recomputes from the stored evidence: the check stays.
    const v2 = await packPackage({ name: "plain", version: "1.1.0", license: "MIT" });
    expect((await reg.publish(v2, acme, "plain")).status).toBe(201);
    const republished = await document("plain");
    expect(republished.quality.check).toEqual(up);
    expect(republished.checks).toEqual(recorded);
    expect(itemOf(republished.quality, "package.license").pass).toBe(true);
    expect(itemOf(republished.quality, "activity.cadence").pass).toBe(true);
    // A down check lowers it: half the checks of the week were up.
    const downCheck: CheckResult = {
      ...up,
      checkedAt: day.toISOString(),
      status: "down",
      error: "check.timeout",
    };
    delete downCheck.latencyMs;
    delete downCheck.toolCount;
    await reg.repo.recordCheck("plain", "1.1.0", downCheck);
    const down = await reg.app.registry.refreshQuality("plain");
    expect(itemOf(down!, "stability.up").pass).toBe(false);
    expect(itemOf(down!, "stability.uptime-7d").reason).toContain("50%");
    const after = await document("plain");
    expect(after.checks).toMatchObject({ latest: downCheck, uptime7d: 0.5, checks7d: 2 });
    expect(after.quality.check).toEqual(after.checks!.latest);
    expect(await reg.app.registry.refreshQuality("nobody")).toBeUndefined();
  });

  it("lets checks age out of the uptime windows at the daily refresh, without new checks", async () => {
    const at = (d: Date) => d.toISOString();
    const up: CheckResult = { checkedAt: at(day), status: "up", kind: "remote", toolCount: 1 };
    expect(
      (await reg.publish(await packPackage({ name: "aging", version: "1.0.0" }), acme, "aging")).status,
    ).toBe(201);
    await reg.repo.recordCheck("aging", "1.0.0", up);
    await reg.app.registry.refreshQuality("aging");
    const fresh = await document("aging");
    expect(fresh.checks).toMatchObject({ uptime7d: 1, checks7d: 1, uptime30d: 1, checks30d: 1 });
    expect(itemOf(fresh.quality, "stability.uptime-7d")).toMatchObject({ pass: true });
    const saved = day;
    try {
      // Eight days on, no check since (the connector is no longer checked): the 7-day window is empty.
      day = new Date(saved.getTime() + 8 * 86_400_000);
      expect(await reg.app.registry.refreshAllQuality()).toBeGreaterThanOrEqual(3);
      const aged = await document("aging");
      expect(aged.checks).toMatchObject({ latest: up, checks7d: 0, checks30d: 1, uptime30d: 1 });
      expect(aged.checks!.uptime7d).toBeUndefined();
      expect(aged.quality.check).toEqual(up);
      const item7 = itemOf(aged.quality, "stability.uptime-7d");
      expect(item7).toMatchObject({ pass: false, points: 0, reason: "no checks in the last 7 days" });
      expect(itemOf(aged.quality, "stability.uptime-30d").pass).toBe(true);
      // The one copy moved: what the repository reads now is what the document carries.
      expect(await reg.repo.stabilityEvidence("aging", at(day))).toEqual(aged.checks);
      const score = (await search()).find((i) => i.name === "aging")!.quality;
      expect(score).toBe(aged.quality.score);
      // Past 30 days the check is gone from both windows; the latest check stays shown.
      day = new Date(saved.getTime() + 31 * 86_400_000);
      await reg.app.registry.refreshAllQuality();
      const gone = await document("aging");
      expect(gone.checks).toMatchObject({ latest: up, checks7d: 0, checks30d: 0 });
      expect(itemOf(gone.quality, "stability.uptime-30d").reason).toBe("no checks in the last 30 days");
      // A refresh with nothing moved rewrites nothing.
      const etag = (await reg.request("/v1/connectors/aging")).headers.get("etag");
      await reg.app.registry.refreshAllQuality();
      expect((await reg.request("/v1/connectors/aging")).headers.get("etag")).toBe(etag);
    } finally {
      day = saved;
      await reg.app.registry.refreshAllQuality(); // the other connectors' scores as of today again
    }
  });

  it("moves when the owner reports tools, deprecates, and when versions are yanked", async () => {
    const before = await quality("plain");
    const put = await reg.request("/v1/connectors/plain/1.1.0/tools", {
      method: "PUT",
      headers: { authorization: `Bearer ${acme}`, "content-type": "application/json" },
      body: JSON.stringify({ tools: [{ name: "ping", inputSchema: { type: "object" } }] }),
    });
    expect(put.status).toBe(200);
    const tooled = await quality("plain");
    expect(itemOf(tooled, "package.tools")).toMatchObject({ pass: true, reason: "1 tool(s) reported" });
    expect(earned(tooled)).toBe(earned(before) + 5);
    expect(tooled.score).toBe(share(tooled));
    const deprecate = await reg.request("/v1/connectors/plain/1.1.0/deprecate", {
      method: "POST",
      headers: { authorization: `Bearer ${acme}`, "content-type": "application/json" },
      body: JSON.stringify({ message: "use something else" }),
    });
    expect(deprecate.status).toBe(200);
    expect(itemOf(await quality("plain"), "activity.not-deprecated").reason).toBe(
      "deprecated: use something else",
    );
    await reg.request("/v1/connectors/plain/1.1.0/deprecate", {
      method: "POST",
      headers: { authorization: `Bearer ${acme}`, "content-type": "application/json" },
      body: JSON.stringify({ message: "" }),
    });
    expect((await quality("plain")).score).toBe(tooled.score);
  });

  it("the official API's _meta carries the score", async () => {
    const res = await reg.request("/v0.1/servers?search=weather");
    const body = (await res.json()) as { servers: Array<{ _meta: Record<string, { quality?: number }> }> };
    const meta = body.servers[0]!._meta["dev.connectory/connector"]!;
    expect(meta.quality).toBe((await quality("weather")).score);
  });

  it("costs search pages no query per connector: one repository call per page, API and web", async () => {
    const { createApp } = await import("../../src/server/app.js");
    const { FsBlobStore } = await import("../../src/storage/fs-blob-store.js");
    const calls: string[] = [];
    const counted = new Proxy(reg.repo, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const app = createApp({
      db: counted,
      blobs: new FsBlobStore(reg.blobDir),
      publicUrl: reg.publicUrl,
      now: () => day,
    });
    await app.registry.ready();
    for (const url of [
      "/v1/connectors?sort=quality",
      "/search?sort=quality",
      "/v1/connectors?q=weather&sort=quality",
    ]) {
      calls.length = 0;
      const res = await app.request(`${reg.publicUrl}${url}`);
      expect(res.status).toBe(200);
      expect(calls, url).toEqual(["search"]);
    }
  });

  it("is rebuilt for rows stored before it existed (the start-up rebuild)", async () => {
    await reg.sql("UPDATE connectors SET quality_score = 0");
    await reg.sql("UPDATE meta SET value = '1' WHERE key = 'derived_fields'");
    const { createApp } = await import("../../src/server/app.js");
    const { FsBlobStore } = await import("../../src/storage/fs-blob-store.js");
    const restarted = createApp({
      db: reg.repo,
      blobs: new FsBlobStore(reg.blobDir),
      publicUrl: reg.publicUrl,
      now: () => day,
    });
    await restarted.registry.ready();
    const rows = await reg.sql("SELECT name, quality_score FROM connectors ORDER BY name");
    expect(rows.every((r) => Number(r.quality_score) > 0)).toBe(true);
  });
});
