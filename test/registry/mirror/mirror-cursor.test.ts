import { afterAll, beforeAll, expect, it } from "vitest";
import { mirrorPass } from "../../../src/registry/mirror/mirror-pass.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../../helpers/registry.js";

// The mirror's cursor against an upstream whose clock stands still (two real in-process registries): an
// entry changed upstream at the very millisecond of the cursor, after a pass read it, still arrives (the
// cursor is inclusive, and what the last pass took is skipped); an unyank and a cleared deprecation upstream
// are copied like the yank and the deprecation.

let clock = Date.now();
let a: TestRegistry, b: TestRegistry;
let token: string;

const fetchA = ((input: string | URL | Request, init?: RequestInit) =>
  a.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;
const pass = () =>
  mirrorPass({ app: b.app, repo: b.repo, upstream: a.publicUrl, fetch: fetchA, now: () => new Date() });
const publish = async (name: string) => {
  const res = await a.publish(await packPackage({ name, version: "1.0.0" }), token, name);
  expect(res.status, await res.text()).toBe(201);
};
const post = async (path: string, body?: unknown) => {
  const res = await a.request(path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, await res.text()).toBe(200);
};
const state = async (name: string) =>
  (await (await b.request(`/v1/connectors/${name}/1.0.0`)).json()) as {
    yanked: boolean;
    deprecated?: string;
  };

beforeAll(async () => {
  a = await createTestRegistry({ now: () => new Date(clock) });
  b = await createTestRegistry();
  token = await a.token("acme");
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

it("an entry changed upstream at the cursor's millisecond after a pass is not missed, nor taken twice", async () => {
  await publish("alpha");
  const first = await pass();
  expect(first.report.counts).toMatchObject({ imported: 1, refused: 0 });
  expect(Date.parse(first.cursor!)).toBe(clock);
  // Same millisecond: an exclusive `updated_since` of the cursor would never list it.
  await publish("beta");
  const second = await pass();
  expect(second.entries).toBe(1);
  expect(second.report.entries.map((e) => `${e.name} ${e.status}`)).toEqual(["beta imported"]);
  expect((await b.request("/v1/connectors/beta/1.0.0")).status).toBe(200);
  const idle = await pass();
  expect(idle).toMatchObject({ requests: 1, entries: 0 });
});

it("copies an unyank and a cleared deprecation, as it copies the yank and the deprecation", async () => {
  clock += 1000;
  await post("/v1/connectors/alpha/1.0.0/yank");
  await post("/v1/connectors/beta/1.0.0/deprecate", { message: "use gamma" });
  const down = await pass();
  expect(down.report.counts).toMatchObject({ yanked: 1, deprecated: 1, refused: 0 });
  expect(await state("alpha")).toMatchObject({ yanked: true });
  expect((await state("beta")).deprecated).toBe("use gamma");
  clock += 1000;
  await post("/v1/connectors/alpha/1.0.0/unyank");
  await post("/v1/connectors/beta/1.0.0/deprecate", { message: "" });
  const up = await pass();
  expect(up.report.counts, JSON.stringify(up.report.entries)).toMatchObject({ restored: 2, refused: 0 });
  expect(await state("alpha")).toMatchObject({ yanked: false });
  expect((await state("beta")).deprecated).toBeUndefined();
  expect((await pass()).report.entries).toEqual([]);
});
