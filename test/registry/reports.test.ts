import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QualityDocument } from "../../src/core/quality/types.js";
import { clientEnv, createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";

// Reports of connector versions through the API (anyone, rate-limited per address), resolved by an
// operator: hostile bodies change nothing, an open report costs the score its points, a confirmed
// malicious report yanks and marks the version for good.

let reg: TestRegistry;
let acme: string;
let address = 0;
/** A fresh client address per use, so the rate limit only bites where a test means it to. */
const fresh = () => clientEnv(`203.0.113.${++address}`);

beforeAll(async () => {
  reg = await createTestRegistry({ now: () => new Date("2026-12-01T10:00:00Z") });
  acme = await reg.token("acme");
  for (const version of ["1.0.0", "1.1.0"]) {
    const bytes = await packPackage({ name: "target", version });
    expect((await reg.publish(bytes, acme, "target")).status).toBe(201);
  }
  expect(
    (await reg.publish(await packPackage({ name: "bystander", version: "1.0.0" }), acme, "bystander")).status,
  ).toBe(201);
});
afterAll(() => reg.close());

const report = (
  body: NonNullable<RequestInit["body"]>,
  path = "target/1.1.0",
  env: ReturnType<typeof clientEnv> = fresh(),
  headers: Record<string, string> = { "content-type": "application/json" },
) =>
  reg.app.request(`${reg.publicUrl}/v1/connectors/${path}/reports`, { method: "POST", headers, body }, env);
const json = (value: unknown) => JSON.stringify(value);
const GOOD = { kind: "broken", message: "initialize times out since 1.1.0" };
const quality = async (name: string) =>
  ((await (await reg.request(`/v1/connectors/${name}`)).json()) as { quality: QualityDocument }).quality;
const reportsItem = async (name: string) =>
  (await quality(name)).items.find((i) => i.id === "community.reports")!;

describe("POST /v1/connectors/:name/:version/reports", () => {
  it("refuses hostile and malformed bodies with a coded problem, and writes nothing", async () => {
    const before = await reg.snapshot();
    const cases: Array<[NonNullable<RequestInit["body"]>, number, string, string?]> = [
      ["not json", 400, "request.body.invalid-json"],
      [json([GOOD]), 400, "report.kind.invalid"],
      [json(null), 400, "report.kind.invalid"],
      [json({ message: GOOD.message }), 400, "report.kind.invalid"],
      [json({ ...GOOD, kind: "BROKEN" }), 400, "report.kind.invalid"],
      [json({ ...GOOD, kind: { toString: "broken" } }), 400, "report.kind.invalid"],
      [json({ kind: "spam" }), 400, "report.message.invalid"],
      [json({ kind: "spam", message: 42 }), 400, "report.message.invalid"],
      [json({ kind: "spam", message: "short    " }), 400, "report.message.invalid"],
      [json({ kind: "spam", message: "x".repeat(2001) }), 400, "report.message.invalid"],
      [
        json({ kind: "spam", message: "terminal \u001b]52;c;evil\u0007 escape" }),
        400,
        "report.message.invalid",
      ],
      [json({ kind: "spam", message: "a NUL \u0000 in the middle" }), 400, "report.message.invalid"],
      [new Uint8Array([0xff, 0xfe, 0x00, 0x41]), 400, "request.body.invalid-json"],
      [json({ ...GOOD, pad: "x".repeat(70_000) }), 413, "request.body.too-large"],
      [json(GOOD), 404, "connector.not-found", "nobody/1.0.0"],
      [json(GOOD), 404, "version.not-found", "target/9.9.9"],
      [json(GOOD), 400, "version.invalid", "target/latest"],
      [json(GOOD), 400, "connector.name.invalid", "Not_A_Name/1.0.0"],
    ];
    for (const [body, status, code, path] of cases) {
      const res = await report(body, path);
      expect([res.status, ((await res.json()) as { code: string }).code], String(body).slice(0, 60)).toEqual([
        status,
        code,
      ]);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
    }
    expect(await reg.snapshot()).toBe(before);
    expect(reg.errors).toEqual([]);
  });

  it("refuses a body whose length lies, as it streams", async () => {
    const big = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode("x".repeat(8192)));
        c.close();
      },
    });
    const res = await reg.app.request(
      `${reg.publicUrl}/v1/connectors/target/1.1.0/reports`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: big,
        duplex: "half",
      } as RequestInit,
      fresh(),
    );
    expect(res.status).toBe(413);
  });

  it("files a report (201), which costs the connector community.reports until resolved", async () => {
    const before = await quality("target");
    const res = await report(json({ kind: "broken", message: "  initialize times out since 1.1.0  " }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number };
    expect(body).toEqual({
      id: expect.any(Number),
      name: "target",
      version: "1.1.0",
      kind: "broken",
      status: "open",
      createdAt: "2026-12-01T10:00:00.000Z",
    });
    const after = await quality("target");
    // The open report costs its item (8 of the applicable points; docs/quality.md, formula 2).
    expect(after.score).toBeLessThan(before.score);
    expect((await reportsItem("target")).pass).toBe(false);
    expect((await reportsItem("target")).reason).toBe("1 open report(s) from users, awaiting an operator");
    expect((await reportsItem("bystander")).pass).toBe(true);
    const listed = await reg.app.registry.listReports({ status: "open" });
    expect(listed[0]).toMatchObject({
      name: "target",
      version: "1.1.0",
      message: "initialize times out since 1.1.0",
    });

    // Dismissed: the points come back.
    await reg.app.registry.resolveReport({ id: body.id, resolution: "dismissed" });
    expect((await quality("target")).score).toBe(before.score);
    await expect(
      reg.app.registry.resolveReport({ id: body.id, resolution: "malicious" }),
    ).rejects.toMatchObject({
      code: "report.resolved",
      status: 409,
    });
    await expect(
      reg.app.registry.resolveReport({ id: 99_999, resolution: "dismissed" }),
    ).rejects.toMatchObject({
      code: "report.not-found",
    });
  });

  it("limits reports per client address: the sixth within the hour is 429 with Retry-After", async () => {
    const env = fresh();
    for (let i = 0; i < 4; i++) expect((await report(json(GOOD), "bystander/1.0.0", env)).status).toBe(201);
    expect((await report("not json", "bystander/1.0.0", env)).status).toBe(400); // refused ones count too
    const limited = await report(json(GOOD), "bystander/1.0.0", env);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(((await limited.json()) as { code: string }).code).toBe("report.rate-limited");
    // The web form shares the limit; another address does not.
    const form = await reg.app.request(
      `${reg.publicUrl}/c/bystander/1.0.0/report`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(GOOD).toString(),
      },
      env,
    );
    expect(form.status).toBe(429);
    expect(await form.text()).toContain("Too many reports");
    expect((await report(json(GOOD), "bystander/1.0.0")).status).toBe(201);
    const open = await reg.app.registry.listReports({ status: "open" });
    expect(open.filter((r) => r.name === "bystander")).toHaveLength(5);
  });

  it("a confirmed malicious report yanks the version for good and marks it in every document", async () => {
    const res = await report(json({ kind: "malicious", message: "the server sends ~/.ssh to a paste site" }));
    const { id } = (await res.json()) as { id: number };
    const resolved = await reg.app.registry.resolveReport({ id, resolution: "malicious" });
    expect(resolved).toMatchObject({ status: "malicious", resolvedAt: "2026-12-01T10:00:00.000Z" });
    const doc = (await (await reg.request("/v1/connectors/target")).json()) as Record<string, any>;
    expect(doc.versions["1.1.0"]).toMatchObject({ yanked: true, malicious: "2026-12-01T10:00:00.000Z" });
    expect(doc.versions["1.0.0"].malicious).toBeUndefined();
    expect(doc.distTags.latest).toBe("1.0.0");
    const version = (await (await reg.request("/v1/connectors/target/1.1.0")).json()) as Record<string, any>;
    expect(version).toMatchObject({ yanked: true, malicious: "2026-12-01T10:00:00.000Z" });
    // The owner cannot unyank it.
    const unyank = await reg.request("/v1/connectors/target/1.1.0/unyank", {
      method: "POST",
      headers: { authorization: `Bearer ${acme}` },
    });
    expect(unyank.status).toBe(409);
    expect(((await unyank.json()) as { code: string }).code).toBe("version.malicious");
    // The official API marks it too (a deleted entry).
    const official = await reg.request("/v0.1/servers?search=target&include_deleted=true");
    const entries = ((await official.json()) as { servers: Array<Record<string, any>> }).servers;
    const bad = entries.find((e) => e.server.version === "1.1.0")!;
    expect(bad._meta["dev.connectory/connector"].malicious).toBe("2026-12-01T10:00:00.000Z");
    expect(bad._meta["io.modelcontextprotocol.registry/official"].status).toBe("deleted");
    expect(reg.errors).toEqual([]);
  });
});
