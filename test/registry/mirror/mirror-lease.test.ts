import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startMirror } from "../../../src/registry/mirror/mirror-schedule.js";
import { createTestRegistry, type TestRegistry } from "../../helpers/registry.js";

// Two registry processes mirroring the same upstream (two schedules with their own lease holders on one
// database): their passes take turns under the `mirror` lease, never overlapping. The upstream answers
// slowly and counts the listings in flight.

let reg: TestRegistry;
let upstream: http.Server;
let url: string;
let inFlight = 0;
let most = 0;

beforeAll(async () => {
  reg = await createTestRegistry();
  upstream = http.createServer((_req, res) => {
    inFlight++;
    most = Math.max(most, inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ servers: [], metadata: { count: 0 } }));
    }, 60);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  await reg.close();
});

it("one mirror pass at a time across processes", async () => {
  let passes = 0;
  let done: () => void = () => undefined;
  const enough = new Promise<void>((resolve) => (done = resolve));
  const onPass = () => void (++passes >= 6 && done());
  const log: string[] = [];
  const schedules = ["host:1:aa", "host:2:bb"].map((holder) =>
    startMirror({
      app: reg.app,
      repo: reg.repo,
      upstreams: [url],
      intervalMs: 10,
      holder,
      onPass,
      log: (m) => log.push(m),
    }),
  );
  await enough;
  await Promise.all(schedules.map((s) => s.stop()));
  expect(passes).toBeGreaterThanOrEqual(6);
  expect(most).toBe(1);
  expect(log).toEqual([]);
});
