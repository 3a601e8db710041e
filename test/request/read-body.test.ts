import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectoryError } from "../../src/core/errors.js";
import type { ProblemBody } from "../../src/core/api/documents.js";
import { readBody, readJson, SMALL_JSON, type BodyLimit } from "../../src/request/read-body.js";
import { createTestRegistry, type TestRegistry } from "../helpers/registry.js";

// The body reader is generic: the limit and the words of its 413 are the caller's (as Hono's bodyLimit onError).
const LIMIT: BodyLimit = {
  maxBytes: 10,
  onTooLarge: () => new ConnectoryError("probe.too-large", "the probe is too big", { status: 413 }),
};

function streamed(bytes: number): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes; i += 4) controller.enqueue(new Uint8Array(Math.min(4, bytes - i)));
      controller.close();
    },
  });
  return new Request("http://x/", { method: "PUT", body, duplex: "half" } as RequestInit);
}

describe("readBody", () => {
  it("returns a body within the limit", async () => {
    expect((await readBody(streamed(10), LIMIT)).byteLength).toBe(10);
  });

  it("refuses from Content-Length with the caller's error, before reading", async () => {
    const req = new Request("http://x/", {
      method: "PUT",
      body: "x".repeat(11),
      headers: { "content-length": "11" },
    });
    await expect(readBody(req, LIMIT)).rejects.toMatchObject({
      code: "probe.too-large",
      message: "the probe is too big",
    });
  });

  it("refuses a streamed body once it passes the limit, with the caller's error", async () => {
    await expect(readBody(streamed(11), LIMIT)).rejects.toMatchObject({ code: "probe.too-large" });
  });

  it("readJson: small JSON by default, 400 for what is not JSON", async () => {
    const json = (text: string) => new Request("http://x/", { method: "PUT", body: text });
    expect(await readJson(json('{"a":1}'))).toEqual({ a: 1 });
    await expect(readJson(json("{"))).rejects.toMatchObject({ code: "request.body.invalid-json" });
    await expect(readJson(json(" ".repeat(SMALL_JSON.maxBytes + 1)))).rejects.toMatchObject({
      code: "request.body.too-large",
      status: 413,
    });
  });
});

describe("each route words its own 413", () => {
  let reg: TestRegistry;
  let token: string;
  beforeAll(async () => {
    reg = await createTestRegistry();
    token = await reg.token("acme");
  });
  afterAll(() => reg.close());

  it.each([
    ["/v1/connectors/big", 6 * 1024 * 1024, "the tarball is larger than 5242880 bytes", "at most 5 MiB"],
    [
      "/v1/connectors/big/1.0.0/tools",
      2 * 1024 * 1024,
      "the tools report is larger than",
      "report fewer tools",
    ],
    ["/v1/connectors/big/dist-tags/beta", 70 * 1024, "the request body is larger than 65536", "small JSON"],
  ])("PUT %s", async (path, size, detail, hint) => {
    const res = await reg.request(path, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-length": String(size) },
      body: new Uint8Array(size),
    });
    expect(res.status).toBe(413);
    const problem = (await res.json()) as ProblemBody;
    expect(problem.code).toBe("request.body.too-large");
    expect(problem.detail).toContain(detail);
    expect(problem.hint).toContain(hint);
  });
});
