import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePublisher, type AuthEnv } from "../../src/http/auth.js";
import { installErrorEdge } from "../../src/http/error-edge.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";

let reg: TestRegistry;
let token: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  token = await reg.token("acme");
});
afterAll(() => reg.close());

describe("requirePublisher", () => {
  function probe() {
    const seen: string[] = [];
    const app = new Hono<AuthEnv>();
    installErrorEdge(app as unknown as Hono, (e) => reg.errors.push(e));
    app.get("/who", requirePublisher(reg.app.registry), (c) => {
      seen.push(c.var.publisher.publisher);
      return c.json({ publisher: c.var.publisher.publisher, id: c.var.publisher.publisherId });
    });
    return { app, seen };
  }

  it("hands the route the token's publisher", async () => {
    const { app, seen } = probe();
    const res = await app.request("/who", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { publisher: string }).publisher).toBe("acme");
    expect(seen).toEqual(["acme"]);
  });

  it.each([
    ["no header", {}, "auth.required"],
    ["a malformed header", { authorization: "Basic abc" }, "auth.invalid"],
    ["an unknown token", { authorization: `Bearer cty_${"A".repeat(43)}` }, "auth.invalid"],
  ])("answers %s with the 401 problem and never runs the route", async (_what, headers, code) => {
    const { app, seen } = probe();
    const res = await app.request("/who", { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="connectory"');
    expect(((await res.json()) as { code: string }).code).toBe(code);
    expect(seen).toEqual([]);
  });
});

describe("every owner-only route authenticates before it reads a body", () => {
  it.each([
    ["PUT", "/v1/connectors/x"],
    ["PUT", "/v1/connectors/x/1.0.0/tools"],
    ["POST", "/v1/connectors/x/1.0.0/yank"],
    ["POST", "/v1/connectors/x/1.0.0/unyank"],
    ["POST", "/v1/connectors/x/1.0.0/deprecate"],
    ["PUT", "/v1/connectors/x/dist-tags/beta"],
    ["DELETE", "/v1/connectors/x/dist-tags/beta"],
    ["GET", "/v1/whoami"],
  ])("%s %s without a token: 401, body unread, nothing changed", async (method, path) => {
    const before = await reg.snapshot();
    let pulls = 0; // an endless body: a route that read it would answer 413, not 401
    const body =
      method === "GET"
        ? undefined
        : new ReadableStream<Uint8Array>({
            pull(controller) {
              pulls += 1;
              controller.enqueue(new Uint8Array(1024));
            },
          });
    const res = await reg.request(path, {
      method,
      ...(body ? { body, duplex: "half" } : {}),
    } as RequestInit);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe("auth.required");
    // The stream is primed when the request is built (one pull); reading the body would take many more.
    expect(pulls).toBeLessThanOrEqual(2);
    expect(await reg.snapshot()).toBe(before);
  });
});
