import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientEnv, createTestRegistry, packPackage, type TestRegistry } from "../../helpers/registry.js";
import { startTestIssuer, type TestIssuer } from "../../helpers/oidc-issuer.js";
import { cli } from "../../helpers/cli.js";
import { tempDir } from "../../helpers/tmp.js";

// Trusted publishing end to end in-process: a real local issuer on 127.0.0.1 (discovery + JWKS, fetched
// through the SSRF guard's loopback exception), a real SQLite registry, GitHub-shaped tokens.

let reg: TestRegistry;
let issuer: TestIssuer;
let acme: string;
let offsetMs = 0;
let address = 0;

beforeAll(async () => {
  issuer = await startTestIssuer("http://registry.test");
  reg = await createTestRegistry({ oidcIssuers: [issuer.url], now: () => new Date(Date.now() + offsetMs) });
  acme = await reg.token("acme");
  for (const [connector, body] of [
    ["weather", { repository: "acme/weather", workflow: "release.yml" }],
    ["envbound", { repository: "acme/weather", workflow: "release.yml", environment: "release" }],
    ["bravo", { repository: "acme/bravo", workflow: "release.yml" }],
  ] as const) {
    const res = await reg.request(`/v1/connectors/${connector}/trusted-publishers`, {
      method: "POST",
      headers: { authorization: `Bearer ${acme}`, "content-type": "application/json" },
      body: JSON.stringify({ issuer: issuer.url, ...body }),
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await reg.close();
  await issuer.close();
});

/** POST /v1/oidc/token, each from its own client address (the failed-login limit stays out of the way). */
async function exchange(body: unknown): Promise<Response> {
  return reg.app.request(
    `${reg.publicUrl}/v1/oidc/token`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    clientEnv(`10.9.0.${++address}`),
  );
}

async function refused(status: number, code: string, body: unknown): Promise<string> {
  const before = await reg.snapshot();
  const res = await exchange(body);
  const problem = (await res.json()) as { code: string; detail: string };
  expect({ status: res.status, code: problem.code }).toEqual({ status, code });
  expect(await reg.snapshot()).toEqual(before); // nothing written: no jti, no token, no owner id
  return problem.detail;
}

describe("POST /v1/oidc/token", () => {
  it("exchanges a bound CI token for a 15-minute publish token of that connector, stored only as a hash", async () => {
    const res = await exchange({ token: issuer.mint(), connector: "weather" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      token: string;
      expiresAt: string;
      connector: string;
      publisher: string;
    };
    expect(body.token).toMatch(/^ctyo_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ connector: "weather", publisher: "acme" });
    const ttl = Date.parse(body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    const rows = await reg.sql("SELECT hash, connector FROM oidc_tokens");
    expect(rows).toEqual([
      { hash: createHash("sha256").update(body.token).digest("hex"), connector: "weather" },
    ]);
    expect(JSON.stringify(await reg.sql("SELECT * FROM oidc_tokens"))).not.toContain(body.token);
    // The owner id seen first is remembered.
    expect(
      await reg.sql("SELECT repository_owner_id FROM trusted_publishers WHERE connector = 'weather'"),
    ).toEqual([{ repository_owner_id: "1001" }]);

    // The first publish creates the pending connector and records where it was built.
    const put = await reg.publish(
      await packPackage({ name: "weather", version: "1.0.0" }),
      body.token,
      "weather",
    );
    expect(put.status).toBe(201);
    const doc = (await (await reg.request("/v1/connectors/weather/1.0.0")).json()) as Record<string, unknown>;
    expect(doc.buildProvenance).toEqual({
      issuer: issuer.url,
      repository: "acme/weather",
      workflow: "release.yml",
      ref: "refs/tags/v1.0.0",
      sha: "0123456789abcdef0123456789abcdef01234567",
      runId: "42",
      runUrl: "https://github.com/acme/weather/actions/runs/42/attempts/1",
    });

    // The registry's signed statement covers the same provenance.
    const dist = doc.dist as { statement?: { provenance?: unknown } };
    expect(dist.statement?.provenance).toEqual(doc.buildProvenance);

    // The token publishes that connector only, and does nothing else.
    const other = await reg.publish(
      await packPackage({ name: "bravo", version: "1.0.0" }),
      body.token,
      "bravo",
    );
    expect(other.status).toBe(403);
    expect(((await other.json()) as { code: string }).code).toBe("auth.scope");
    const yank = await reg.request("/v1/connectors/weather/1.0.0/yank", {
      method: "POST",
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(yank.status).toBe(403);

    // 15 minutes later it is refused like any unknown token.
    offsetMs = 15 * 60_000 + 1000;
    try {
      const late = await reg.publish(
        await packPackage({ name: "weather", version: "1.0.1" }),
        body.token,
        "weather",
      );
      expect(late.status).toBe(401);
    } finally {
      offsetMs = 0;
    }
  });

  it("shows the provenance on the page, in `info` and in /v0.1 _meta", async () => {
    const page = await (await reg.request("/c/weather/1.0.0")).text();
    expect(page).toContain("Built from acme/weather@0123456789ab by release.yml");
    expect(page).toContain('href="https://github.com/acme/weather/actions/runs/42/attempts/1"');
    const official = (await (
      await reg.request(`/v0.1/servers/${encodeURIComponent("dev.connectory/weather")}/versions/1.0.0`)
    ).json()) as { _meta: Record<string, { buildProvenance?: { sha: string } }> };
    expect(official._meta["dev.connectory/connector"]?.buildProvenance?.sha).toBe(
      "0123456789abcdef0123456789abcdef01234567",
    );
    const o = {
      home: await tempDir(),
      env: { CONNECTORY_REGISTRY: reg.publicUrl },
      fetch: ((input: Request | string | URL, init?: RequestInit) =>
        reg.app.request(input, init)) as typeof fetch,
    };
    const text = await cli(["info", "weather"], o);
    expect(text.stdout).toContain("Built from acme/weather@0123456789ab by release.yml (refs/tags/v1.0.0;");
    const json = await cli(["info", "weather", "--json"], o);
    expect(JSON.parse(json.stdout).buildProvenance).toMatchObject({
      repository: "acme/weather",
      runId: "42",
    });
  });

  it("accepts ES256 tokens", async () => {
    const res = await exchange({ token: issuer.mint({}, { alg: "ES256" }), connector: "weather" });
    expect(res.status).toBe(200);
  });

  it("refuses a replayed token (same jti)", async () => {
    const token = issuer.mint();
    expect((await exchange({ token, connector: "weather" })).status).toBe(200);
    await refused(401, "oidc.token.replayed", { token, connector: "weather" });
  });

  it("refuses another repository, another workflow, a changed owner, a missing environment", async () => {
    await refused(403, "oidc.publisher.repository", {
      token: issuer.mint({
        repository: "evil/weather",
        job_workflow_ref: "evil/weather/.github/workflows/release.yml@refs/tags/v1.0.0",
      }),
      connector: "weather",
    });
    await refused(403, "oidc.publisher.workflow", {
      token: issuer.mint({ job_workflow_ref: "acme/weather/.github/workflows/ci.yml@refs/tags/v1.0.0" }),
      connector: "weather",
    });
    // The repository was deleted and recreated by another account with the same name.
    await refused(403, "oidc.publisher.owner-changed", {
      token: issuer.mint({ repository_owner_id: "6666" }),
      connector: "weather",
    });
    await refused(403, "oidc.publisher.environment", { token: issuer.mint(), connector: "envbound" });
    expect(
      (await exchange({ token: issuer.mint({ environment: "release" }), connector: "envbound" })).status,
    ).toBe(200);
  });

  it("refuses a wrong audience, an expired token, a token not yet valid, one issued in the future", async () => {
    await refused(401, "oidc.token.audience", {
      token: issuer.mint({ aud: "https://other.example" }),
      connector: "weather",
    });
    const past = Math.floor(Date.now() / 1000) - 3600;
    await refused(401, "oidc.token.expired", {
      token: issuer.mint({ iat: past, nbf: past, exp: past + 300 }),
      connector: "weather",
    });
    const future = Math.floor(Date.now() / 1000) + 600;
    await refused(401, "oidc.token.not-yet-valid", {
      token: issuer.mint({ nbf: future }),
      connector: "weather",
    });
    await refused(401, "oidc.token.iat", { token: issuer.mint({ iat: future }), connector: "weather" });
  });

  it("refuses a key the issuer does not publish, alg none, an untrusted issuer", async () => {
    await refused(401, "oidc.token.signature", {
      token: issuer.mint({}, { unpublishedKey: true }),
      connector: "weather",
    });
    await refused(401, "oidc.token.signature", {
      token: issuer.mint({}, { unpublishedKey: true, kid: "unknown" }),
      connector: "weather",
    });
    await refused(401, "oidc.token.alg", { token: issuer.mint({}, { alg: "none" }), connector: "weather" });
    await refused(401, "oidc.token.issuer", {
      token: issuer.mint({ iss: "https://evil.example" }),
      connector: "weather",
    });
  });

  it("refuses an unbound connector, and a token for connector A used on B", async () => {
    await refused(403, "oidc.publisher.none", { token: issuer.mint(), connector: "unbound" });
    // weather's CI identity asks for bravo (bound to acme/bravo only).
    await refused(403, "oidc.publisher.repository", { token: issuer.mint(), connector: "bravo" });
  });

  it("refuses malformed and hostile bodies with a clear error", async () => {
    await refused(400, "oidc.request.invalid", { token: 1, connector: "weather" });
    await refused(400, "oidc.request.invalid", ["nope"]);
    await refused(401, "oidc.token.malformed", { token: "a.b", connector: "weather" });
    await refused(401, "oidc.token.malformed", { token: `${"a".repeat(20_000)}.b.c`, connector: "weather" });
    await refused(401, "oidc.token.malformed", {
      token: `${Buffer.from("[]").toString("base64url")}.e30.`,
      connector: "weather",
    });
    await refused(400, "connector.name.invalid", { token: issuer.mint(), connector: "../Weather" });
    await refused(401, "oidc.token.claims", {
      token: issuer.mint({ job_workflow_ref: "acme/weather/.github/workflows/release.yml@refs/heads/evil" }),
      connector: "weather",
    });
    expect(reg.errors).toEqual([]);
  });

  it("a later version published without CI is a trust downgrade the page and info show", async () => {
    // weather 1.0.0 was built by acme/weather's release.yml; 1.1.0 comes from a plain publish token.
    const put = await reg.publish(await packPackage({ name: "weather", version: "1.1.0" }), acme, "weather");
    expect(put.status).toBe(201);
    const page = await (await reg.request("/c/weather")).text();
    expect(page).toContain('class="alert alert-warn trust-downgrade"');
    expect(page).toContain(
      "Trust downgrade: 1.1.0 has no build provenance, but 1.0.0 was built by the publisher",
    );
    const older = await (await reg.request("/c/weather/1.0.0")).text();
    expect(older).not.toContain("trust-downgrade");
    const o = {
      home: await tempDir(),
      env: { CONNECTORY_REGISTRY: reg.publicUrl },
      fetch: ((input: Request | string | URL, init?: RequestInit) =>
        reg.app.request(input, init)) as typeof fetch,
    };
    const json = JSON.parse((await cli(["info", "weather", "--json"], o)).stdout);
    expect(json).toMatchObject({ version: "1.1.0", trustDowngrade: { from: "1.0.0" } });
    expect((await cli(["info", "weather"], o)).stdout).toContain("TRUST DOWNGRADE: 1.1.0");
  });
});
