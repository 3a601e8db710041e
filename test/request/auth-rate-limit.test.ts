import { afterAll, beforeAll, expect, it } from "vitest";
import { clientEnv, createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// Issue 12, class 8: failed authentication is rate-limited per client address on write routes
// (src/request/auth-rate-limit.ts: 10 failures per 60 s, in memory). The clock is injected.

let clock = new Date("2026-03-01T10:00:00Z");
let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry({ now: () => clock });
  token = await reg.token("acme");
});
afterAll(() => reg.close());

const send = (path: string, address: string, init: RequestInit = {}) =>
  reg.app.request(`${reg.publicUrl}${path}`, init, clientEnv(address));
const badPut = (address: string) =>
  send("/v1/connectors/guess", address, { method: "PUT", headers: { authorization: "Bearer cty_wrong" } });
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

it("after 10 failed authentications an address gets 429 with Retry-After, even with a valid token", async () => {
  for (let i = 0; i < 10; i++) {
    expect((await badPut("192.0.2.1")).status).toBe(401);
    tick(1);
  }
  const refused = await badPut("192.0.2.1");
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toBe("50"); // the first failure (at 0 s) leaves the 60 s window in 50 s
  expect(await refused.json()).toMatchObject({ code: "auth.rate-limited", status: 429 });
  const valid = await send("/v1/connectors/guess", "192.0.2.1", {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body: await packPackage({ name: "guess", version: "1.0.0" }),
  });
  expect(valid.status).toBe(429);
  expect(
    (await send("/v1/whoami", "192.0.2.1", { headers: { authorization: `Bearer ${token}` } })).status,
  ).toBe(429);
  // Reads stay open, and another address is not affected.
  expect((await send("/v1/connectors", "192.0.2.1")).status).toBe(200);
  expect((await badPut("192.0.2.2")).status).toBe(401);
});

it("the limit lifts once failures leave the window; successes never count", async () => {
  tick(50);
  expect((await badPut("192.0.2.1")).status).toBe(401); // the oldest failure left: one slot free
  expect((await badPut("192.0.2.1")).status).toBe(429);
  tick(60);
  for (let i = 0; i < 20; i++) {
    const ok = await send("/v1/whoami", "192.0.2.3", { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
  }
  const published = await send("/v1/connectors/guess", "192.0.2.1", {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body: await packPackage({ name: "guess", version: "1.0.0" }),
  });
  expect(published.status).toBe(201);
});

it("counts failures on every token-checking route: whoami, yank, dist-tags, tools", async () => {
  const wrong = { authorization: "Bearer cty_nope" };
  const routes: Array<[string, RequestInit]> = [
    ["/v1/whoami", { headers: wrong }],
    ["/v1/connectors/guess/1.0.0/yank", { method: "POST", headers: wrong }],
    ["/v1/connectors/guess/dist-tags/beta", { method: "PUT", headers: wrong, body: '"1.0.0"' }],
    ["/v1/connectors/guess/1.0.0/tools", { method: "PUT", headers: wrong, body: "{}" }],
    ["/v1/connectors/guess/1.0.0/deprecate", { method: "POST", headers: wrong, body: "{}" }],
  ];
  for (let i = 0; i < 10; i++) {
    const [path, init] = routes[i % routes.length]!;
    expect((await send(path, "192.0.2.9", init)).status).toBe(401);
  }
  expect(
    (await send("/v1/connectors/guess/dist-tags/beta", "192.0.2.9", { method: "DELETE", headers: wrong }))
      .status,
  ).toBe(429);
});
