import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packFiles } from "../../src/package/pack.js";
import { createTestRegistry, makePackage, packPackage, type TestRegistry } from "../helpers/registry.js";

let reg: TestRegistry;
let acme: string;
let other: string;
beforeAll(async () => {
  reg = await createTestRegistry();
  acme = await reg.token("acme");
  other = await reg.token("other");
  expect(
    (await reg.publish(await packPackage({ name: "owned", version: "1.0.0" }), acme, "owned")).status,
  ).toBe(201);
});
afterAll(() => reg.close());

async function problemOf(res: Response) {
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = (await res.json()) as {
    status: number;
    code: string;
    type: string;
    title: string;
    detail: string;
    errors?: Array<{ code: string; path: string; file: string }>;
  };
  expect(body.status).toBe(res.status);
  expect(typeof body.type).toBe("string");
  expect(typeof body.detail).toBe("string");
  return body;
}

/** Runs a request that must fail with `status`/`code` and asserts that nothing at all was written. */
async function refused(status: number, code: string, send: () => Promise<Response>) {
  const before = await reg.snapshot();
  const res = await send();
  expect(res.status).toBe(status);
  const body = await problemOf(res);
  expect(body.code).toBe(code);
  expect(await reg.snapshot()).toEqual(before);
  return body;
}

describe("PUT /v1/connectors/:name", () => {
  it("publishes: 201 with integrity computed by the server, Location, and the version readable", async () => {
    const bytes = await packPackage({
      name: "good",
      version: "1.2.3",
      displayName: "Good One",
      keywords: ["nice"],
    });
    const res = await reg.publish(bytes, acme, "good");
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "good",
      version: "1.2.3",
      size: bytes.byteLength,
      url: `${reg.publicUrl}/v1/connectors/good/1.2.3`,
    });
    expect(String(body.integrity)).toMatch(/^sha512-/);
    expect(res.headers.get("location")).toBe(`${reg.publicUrl}/v1/connectors/good/1.2.3`);
    const tarball = await reg.request("/v1/connectors/good/1.2.3/tarball");
    expect(Buffer.from(await tarball.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("401 without a token, with a malformed one, with an unknown one, and with a revoked one", async () => {
    const bytes = await packPackage({ name: "anon", version: "1.0.0" });
    await refused(401, "auth.required", () =>
      reg.request("/v1/connectors/anon", { method: "PUT", body: bytes }),
    );
    await refused(401, "auth.invalid", () => reg.publish(bytes, "not-a-token", "anon"));
    await refused(401, "auth.invalid", () => reg.publish(bytes, `cty_${"A".repeat(43)}`, "anon"));
    const revoked = await reg.token("acme");
    await reg.repo.revokeTokens(revoked.slice(0, 12), new Date().toISOString());
    await refused(401, "auth.invalid", () => reg.publish(bytes, revoked, "anon"));
    const res = await reg.request("/v1/connectors/anon", { method: "PUT", body: bytes });
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("403 when another publisher owns the name", async () => {
    const bytes = await packPackage({ name: "owned", version: "2.0.0", publisher: "other" });
    await refused(403, "connector.forbidden", () => reg.publish(bytes, other, "owned"));
  });

  it("403 when plugin.json's publisher is not the token's", async () => {
    const bytes = await packPackage({ name: "mine", version: "1.0.0", publisher: "acme" });
    await refused(403, "publish.publisher.mismatch", () => reg.publish(bytes, other, "mine"));
  });

  it("409 for an existing version, also after it was yanked", async () => {
    const bytes = await packPackage({ name: "owned", version: "1.0.0", description: "different bytes" });
    await refused(409, "publish.version.exists", () => reg.publish(bytes, acme, "owned"));
    await packPackage({ name: "owned", version: "1.0.0" }).then(async (same) => {
      await refused(409, "publish.version.exists", () => reg.publish(same, acme, "owned"));
    });
    const yank = await reg.request("/v1/connectors/owned/1.0.0/yank", {
      method: "POST",
      headers: { authorization: `Bearer ${acme}` },
    });
    expect(yank.status).toBe(200);
    await refused(409, "publish.version.exists", () => reg.publish(bytes, acme, "owned"));
    await reg.request("/v1/connectors/owned/1.0.0/unyank", {
      method: "POST",
      headers: { authorization: `Bearer ${acme}` },
    });
  });

  it("400 when the URL names another connector than plugin.json", async () => {
    const bytes = await packPackage({ name: "real-name", version: "1.0.0" });
    await refused(400, "publish.name.mismatch", () => reg.publish(bytes, acme, "other-name"));
    await refused(400, "connector.name.invalid", () => reg.publish(bytes, acme, "Bad_Name"));
  });

  it("413 from Content-Length before reading, and while streaming when the length is absent", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    await refused(413, "request.body.too-large", () => reg.publish(big, acme, "big"));
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 200) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    await refused(413, "request.body.too-large", () =>
      reg.request("/v1/connectors/big", {
        method: "PUT",
        headers: { authorization: `Bearer ${acme}` },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(pulled).toBeLessThan(100); // stopped soon after 5 MiB, not at the end of the stream
  });

  it("422 with every validation problem's code, file and path", async () => {
    const files = makePackage({ name: "broken", version: "not-semver", categories: ["nope"] });
    files.set(
      "mcp.json",
      new TextEncoder().encode(JSON.stringify({ mcpServers: { s: { command: "${SECRET}" } } })),
    );
    const body = await refused(422, "publish.invalid", async () =>
      reg.publish(await packFiles(files), acme, "broken"),
    );
    const codes = body.errors!.map((e) => e.code);
    expect(codes).toEqual(expect.arrayContaining(["manifest.version.invalid"]));
    expect(body.errors!.length).toBeGreaterThanOrEqual(3);
    expect(body.errors!.find((e) => e.code === "manifest.version.invalid")).toMatchObject({
      file: "plugin.json",
      path: "/version",
    });
  });

  it("422 for control characters in description or displayName (PostgreSQL refused U+0000: a 500)", async () => {
    for (const fields of [{ description: "a\u0000b" }, { displayName: "\u001b[31mRed" }]) {
      const body = await refused(422, "publish.invalid", async () =>
        reg.publish(await packPackage({ name: "ctl", version: "1.0.0", ...fields }), acme, "ctl"),
      );
      expect(body.errors!.map((e) => e.code)).toEqual([`manifest.${Object.keys(fields)[0]}.control`]);
    }
    expect(reg.errors).toEqual([]);
  });

  it("422 for bodies that are not connector tarballs (never a 500)", async () => {
    await refused(400, "publish.body.empty", () => reg.publish(new Uint8Array(0), acme, "x"));
    await refused(422, "tar.gzip.invalid", () => reg.publish(new TextEncoder().encode("hello"), acme, "x"));
    const truncated = (await packPackage({ name: "x", version: "1.0.0" })).slice(0, 40);
    const res = await reg.publish(truncated, acme, "x");
    expect(res.status).toBe(422);
    expect((await problemOf(res)).code).toMatch(/^tar\./);
  });
});
