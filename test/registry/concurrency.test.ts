import { afterAll, beforeAll, expect, it } from "vitest";
import { clientEnv, createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

let reg: TestRegistry;
let acme: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  acme = await reg.token("acme");
});
afterAll(() => reg.close());

it("20 concurrent publishes of different versions of one (new) name all land", async () => {
  const tarballs = await Promise.all(
    Array.from({ length: 20 }, (_, i) => packPackage({ name: "race", version: `1.0.${i}` })),
  );
  const statuses = await Promise.all(tarballs.map(async (b) => (await reg.publish(b, acme, "race")).status));
  expect(statuses).toEqual(Array(20).fill(201));
  const doc = (await (await reg.request("/v1/connectors/race")).json()) as {
    versions: object;
    distTags: { latest: string };
  };
  expect(Object.keys(doc.versions)).toHaveLength(20);
  expect(doc.distTags.latest).toBe("1.0.19");
});

it("20 concurrent publishes of the same version: exactly one 201, the rest 409, one blob", async () => {
  const bytes = await packPackage({ name: "same", version: "1.0.0" });
  const statuses = await Promise.all(
    Array.from({ length: 20 }, async () => (await reg.publish(bytes, acme, "same")).status),
  );
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  const tarball = await reg.request("/v1/connectors/same/1.0.0/tarball");
  expect(Buffer.from(await tarball.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
});

it("concurrent downloads are all counted, each client once a day", async () => {
  const url = `${reg.publicUrl}/v1/connectors/same/1.0.0/tarball`;
  await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      Promise.resolve(reg.app.request(url, undefined, clientEnv(`10.0.0.${i}`))).then((r) => r.arrayBuffer()),
    ),
  );
  // One client's concurrent repeats count once: the mark is claimed atomically with the count.
  await Promise.all(
    Array.from({ length: 50 }, () =>
      Promise.resolve(reg.app.request(url, undefined, clientEnv("10.0.1.1"))).then((r) => r.arrayBuffer()),
    ),
  );
  const doc = (await (await reg.request("/v1/connectors/same")).json()) as { downloads: number };
  expect(doc.downloads).toBe(102); // the 100 clients, the repeating one, and the in-process GET above
});
