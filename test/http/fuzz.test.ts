import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// Random methods, paths, query strings, headers and bodies at every route: never a 5xx, and nothing in
// the database or the blob folder changes (requests that legitimately write are filtered out). The API
// only (/v1, /healthz): the web pages served by the same app have their own tests.

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
  expect(
    (await reg.publish(await packPackage({ name: "real", version: "1.0.0" }), token, "real")).status,
  ).toBe(201);
});
afterAll(() => reg.close());

const segment = fc.oneof(
  fc.constantFrom(
    "real",
    "1.0.0",
    "latest",
    "tarball",
    "yank",
    "unyank",
    "deprecate",
    "dist-tags",
    "beta",
    "",
    "..",
    "%00",
    "%E0%A4%A",
    "NUL",
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.stringMatching(/^[a-z0-9-]{1,70}$/),
);
const path = fc.oneof(
  fc.constantFrom(
    "/healthz",
    "/v1/categories",
    "/v1/whoami",
    "/v1/connectors",
    "/v1/connectors/real",
    "/v1/connectors/real/1.0.0",
    "/v1/connectors/real/latest",
    "/v1/connectors/real/1.0.0/tarball",
    "/v1/connectors/real/1.0.0/yank",
    "/v1/connectors/real/1.0.0/deprecate",
    "/v1/connectors/real/dist-tags/beta",
  ),
  fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/v1/connectors/${s.join("/")}`),
  fc.array(segment, { minLength: 0, maxLength: 4 }).map((s) => `/v1/${s.join("/")}`),
);
const query = fc.oneof(
  fc.constant(""),
  fc
    .array(
      fc.tuple(
        fc.constantFrom("q", "category", "sort", "limit", "cursor", "x", "q[]"),
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.constantFrom(
            "relevance",
            "downloads",
            "name",
            "updated",
            "0",
            "-1",
            "100",
            "101",
            "weather",
            "finance",
            "eyJ4Ijox",
          ),
        ),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&")}`),
);
const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constant("valid"),
  fc.string({ maxLength: 80 }),
  fc.constantFrom("Bearer ", "Bearer cty_", `Bearer cty_${"A".repeat(43)}`, "Basic dXNlcjpwYXNz"),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 2000 }),
  fc.json().map((j) => new TextEncoder().encode(j)),
  fc
    .constantFrom("{}", '"1.0.0"', '{"message": 1}', '{"version": "9.9.9"}', "\u001f\u008b")
    .map((s) => new TextEncoder().encode(s)),
);
const request = fc.record({
  method: fc.constantFrom("GET", "HEAD", "PUT", "POST", "DELETE", "PATCH", "OPTIONS"),
  path,
  query,
  authorization,
  ifNoneMatch: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
  contentType: fc.option(
    fc.constantFrom("application/json", "application/gzip", "text/plain", "multipart/form-data; boundary=x"),
    { nil: undefined },
  ),
  body,
});

/**
 * Requests that are allowed to change state: a download counted, or an owner's authorized write (a
 * dist-tag set, a yank, a deprecation…). An authorized publish stays in: random bytes are never a valid
 * package, so PUT /v1/connectors/<name> must change nothing.
 */
function mayWrite(r: { method: string; path: string; authorization: string | undefined }): boolean {
  if (r.method === "GET" && /\/tarball$/.test(r.path)) return true;
  if (r.authorization !== "valid" || ["GET", "HEAD", "OPTIONS"].includes(r.method)) return false;
  const isPublish = r.method === "PUT" && /^\/v1\/connectors\/[^/]*\/?$/.test(r.path);
  return !isPublish;
}

it("no route answers 5xx and no request changes the database or blobs", async () => {
  const before = await reg.snapshot();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      fc.pre(!mayWrite(r));
      const pathname = new URL(`${reg.publicUrl}${r.path}`).pathname; // `/v1/..` leaves the API
      fc.pre(pathname.startsWith("/v1") || pathname === "/healthz");
      const headers: Record<string, string> = {};
      if (r.authorization !== undefined)
        headers.authorization = r.authorization === "valid" ? `Bearer ${token}` : r.authorization;
      if (r.ifNoneMatch !== undefined) headers["if-none-match"] = r.ifNoneMatch;
      if (r.contentType !== undefined) headers["content-type"] = r.contentType;
      let init: RequestInit;
      try {
        init = {
          method: r.method,
          headers,
          ...(r.body && r.method !== "GET" && r.method !== "HEAD"
            ? { body: r.body as Uint8Array<ArrayBuffer> }
            : {}),
        };
        new Request(`${reg.publicUrl}${r.path}${r.query}`, init); // the client side may refuse (bad header value)
      } catch {
        return;
      }
      const res = await reg.request(`${r.path}${r.query}`, init);
      await res.arrayBuffer();
      expect(res.status, `${r.method} ${r.path}${r.query}: ${String(reg.errors[0])}`).toBeLessThan(500);
      if (res.status >= 400 && r.method !== "HEAD")
        expect(res.headers.get("content-type")).toBe("application/problem+json");
    }),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 400) },
  );
  expect(await reg.snapshot()).toEqual(before);
  expect(reg.errors).toEqual([]);
});
