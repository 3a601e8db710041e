import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestRegistry, packDir, packPackage, type TestRegistry } from "../helpers/registry.js";

// Hostile and malformed input at the official registry API and the bundle route: never a 5xx, always JSON
// (problem+json for errors) with the CORS headers on /v0.1 and /v0, and no bug logged.

let reg: TestRegistry;
beforeAll(async () => {
  reg = await createTestRegistry();
  const token = await reg.token("connectory-samples");
  expect((await reg.publish(await packDir("weather"), token, "weather")).status).toBe(201);
  expect(
    (
      await reg.publish(
        await packPackage({ name: "real", version: "1.0.0", publisher: "connectory-samples" }),
        token,
        "real",
      )
    ).status,
  ).toBe(201);
}, 60_000);
afterAll(async () => {
  expect(reg.errors).toEqual([]);
  await reg.close();
});

const piece = fc.oneof(
  fc.constantFrom(
    "dev.connectory%2Freal",
    "dev.connectory%2Fweather",
    "latest",
    "1.0.0",
    "%00",
    "..",
    "%2E%2E%2F",
    "%E0%A4%A",
    "a".repeat(300),
    "dev.connectory%2Freal.x",
    "",
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
);
const query = fc.array(
  fc.tuple(
    fc.constantFrom("search", "cursor", "limit", "version", "updated_since", "include_deleted", "x"),
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("0", "100", "101", "true", "2026-01-01T00:00:00Z", "eyJ", "W10", "x".repeat(5000)),
    ),
  ),
  { maxLength: 4 },
);

it("random paths and queries: never a 5xx, always JSON with CORS", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("/v0.1", "/v0"),
      fc.array(piece, { maxLength: 4 }),
      query,
      async (base, parts, params) => {
        const q = new URLSearchParams(params).toString();
        const path = `${base}/servers${parts.length > 0 ? `/${parts.join("/")}` : ""}${q ? `?${q}` : ""}`;
        // `..` segments can climb out of the API before any route sees the request (URL resolution).
        if (!new URL(path, reg.publicUrl).pathname.startsWith(`${base}/`)) return;
        const res = await reg.request(path);
        expect(res.status, path).toBeLessThan(500);
        expect(res.headers.get("content-type") ?? "", path).toMatch(/json/);
        expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
        await res.arrayBuffer();
      },
    ),
    { numRuns: 300 },
  );
});

it("bundle and server.json routes refuse hostile names without a 5xx", async () => {
  for (const file of [
    "..%2F..%2Fetc%2Fpasswd.mcpb",
    "%00.mcpb",
    "weather",
    ".mcpb",
    `${"w".repeat(500)}.mcpb`,
    "weather.mcpb%00",
  ]) {
    const res = await reg.request(`/v1/connectors/weather/1.0.0/bundles/${file}`);
    expect([file, res.status]).toEqual([file, 404]);
  }
  for (const path of [
    "/v1/connectors/weather/%00/server.json",
    "/v1/connectors/WEATHER/1.0.0/server.json",
    "/v1/connectors/weather/9.9.9/bundles/weather.mcpb",
  ]) {
    const res = await reg.request(path);
    expect(res.status, path).toBeGreaterThanOrEqual(400);
    expect(res.status, path).toBeLessThan(500);
  }
});
