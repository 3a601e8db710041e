import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { FsBlobStore } from "../../src/storage/fs-blob-store.js";
import {
  clientEnv,
  createTestRegistry,
  packPackage,
  startTestServer,
  type TestRegistry,
} from "../helpers/registry.js";

// Issue 12, class 8: a loop of tarball GETs bought "Popular". A download now counts once per client
// address, version and UTC day; the marks live in the database, so a restart does not reset them.

let day = new Date("2026-03-01T10:00:00Z");
let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry({ now: () => day });
  const token = await reg.token("acme");
  for (const version of ["1.0.0", "1.1.0"]) {
    expect(
      (await reg.publish(await packPackage({ name: "counted", version }), token, "counted")).status,
    ).toBe(201);
  }
});
afterAll(() => reg.close());

const downloads = async (app = reg.app) =>
  ((await (await app.request(`${reg.publicUrl}/v1/connectors/counted`)).json()) as { downloads: number })
    .downloads;
const get = (version: string, address: string, app = reg.app) =>
  app.request(`${reg.publicUrl}/v1/connectors/counted/${version}/tarball`, undefined, clientEnv(address));

it("counts a client once per version per UTC day, whatever the loop", async () => {
  for (let i = 0; i < 25; i++) expect((await get("1.0.0", "203.0.113.7")).status).toBe(200);
  expect(await downloads()).toBe(1);
  await get("1.1.0", "203.0.113.7"); // another version counts
  await get("1.0.0", "203.0.113.8"); // another client counts
  await get("latest", "203.0.113.8"); // latest is 1.1.0: new for this client
  expect(await downloads()).toBe(4);
  day = new Date("2026-03-02T00:00:01Z"); // the next UTC day
  await get("1.0.0", "203.0.113.7");
  await get("1.0.0", "203.0.113.7");
  expect(await downloads()).toBe(5);
});

it("the marks survive a restart and never store the client address", async () => {
  const restarted = createApp({
    db: reg.repo,
    blobs: new FsBlobStore(reg.blobDir),
    publicUrl: reg.publicUrl,
    now: () => day,
  });
  await get("1.0.0", "203.0.113.7", restarted);
  expect(await downloads(restarted)).toBe(5);
  const snapshot = await reg.snapshot();
  expect(snapshot).toContain("download_marks");
  expect(snapshot).not.toContain("203.0.113.7");
});

it("old days' marks are pruned", async () => {
  day = new Date("2026-03-05T08:00:00Z");
  await get("1.0.0", "198.51.100.1");
  const marks = await reg.sql("SELECT day FROM download_marks");
  expect(marks.map((m) => m.day)).toEqual(["2026-03-05"]);
  // The per-day unique counts stay (the quality score reads two weeks of them).
  const days = await reg.sql("SELECT day, count FROM download_days ORDER BY day");
  expect(days.map((d) => [d.day, Number(d.count)])).toEqual([
    ["2026-03-01", 4],
    ["2026-03-02", 1],
    ["2026-03-05", 1],
  ]);
});

it("over a real socket, the client address is the TCP peer: a fetch loop counts once", async () => {
  const server = await startTestServer();
  try {
    const token = await server.token("acme");
    const put = await fetch(`${server.url}/v1/connectors/counted`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: await packPackage({ name: "counted", version: "1.0.0" }),
    });
    expect(put.status).toBe(201);
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.url}/v1/connectors/counted/1.0.0/tarball`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const doc = (await (await fetch(`${server.url}/v1/connectors/counted`)).json()) as { downloads: number };
    expect(doc.downloads).toBe(1);
  } finally {
    await server.close();
  }
});
