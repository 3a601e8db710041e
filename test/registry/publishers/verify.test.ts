import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublisherDomainDocument } from "../../../src/core/api/publisher-documents.js";
import { fetchProofFile } from "../../../src/registry/publishers/proof-fetch.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../../helpers/registry.js";

// Domain proofs through the API (POST /v1/publisher/domains, …/verify, GET /v1/publisher) on a real
// registry (SQLite, or PostgreSQL under TEST_DATABASE=postgres): the HTTP file from a local server, DNS
// through a TXT double; then the badge on the /v1 documents and listings, the official _meta and the web.

const files = new Map<string, string>(); // Host → body of /.well-known/connectory-publisher
const txt = new Map<string, string[][]>();
let server: http.Server;
let reg: TestRegistry;
let acme: string;
let rival: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body =
      req.url === "/.well-known/connectory-publisher" ? files.get(req.headers.host ?? "") : undefined;
    if (body === undefined) res.writeHead(404).end();
    else res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  reg = await createTestRegistry({
    proofs: {
      fetchFile: (domain) => fetchProofFile(domain, { baseUrl: base, timeoutMs: 2000 }),
      resolveTxt: async (domain) => txt.get(domain) ?? [],
    },
  });
  acme = await reg.token("acme");
  rival = await reg.token("rival");
  for (const name of ["gizmo", "widget"])
    expect((await reg.publish(await packPackage({ name, version: "1.0.0" }), acme, name)).status).toBe(201);
  const other = await packPackage({ name: "rival-tool", version: "1.0.0", publisher: "rival" });
  expect((await reg.publish(other, rival, "rival-tool")).status).toBe(201);
});
afterAll(async () => {
  await reg.close();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, body: unknown, token: string | null = acme) =>
  reg.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const json = async (res: Response) => (await res.json()) as Record<string, any>;
const connector = async (name: string) => json(await reg.request(`/v1/connectors/${name}`));

/** The registry's rows and blobs must be the same after `run` (a refused request changes nothing). */
const unchanged = async (run: () => Promise<unknown>) => {
  const before = await reg.snapshot();
  await run();
  expect(await reg.snapshot()).toBe(before);
};

describe("the HTTP file proof", () => {
  let challenge: PublisherDomainDocument;

  it("hands out a challenge, the same one when asked again", async () => {
    const first = await post("/v1/publisher/domains", { domain: "Acme.Example.com" });
    expect(first.status).toBe(201);
    challenge = (await first.json()) as PublisherDomainDocument;
    expect(challenge).toMatchObject({
      domain: "acme.example.com",
      status: "pending",
      proof: {
        http: { url: "https://acme.example.com/.well-known/connectory-publisher" },
        dns: { name: "acme.example.com", type: "TXT" },
      },
    });
    expect(challenge.challenge).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(challenge.proof.http.body).toBe(`connectory-verification=${challenge.challenge}\n`);
    const again = await post("/v1/publisher/domains", { domain: "acme.example.com" });
    expect(again.status).toBe(200);
    expect((await json(again)).challenge).toBe(challenge.challenge);
  });

  it("refuses to verify while the file is missing or holds another challenge; nothing changes", async () => {
    await unchanged(async () => {
      const missing = await post("/v1/publisher/domains/acme.example.com/verify", { method: "http" });
      expect(missing.status).toBe(422);
      expect(missing.headers.get("content-type")).toMatch(/problem\+json/);
      expect(await json(missing)).toMatchObject({ code: "publisher.proof.failed" });
      files.set("acme.example.com", "connectory-verification=somebody-elses-old-challenge\n");
      const wrong = await json(await post("/v1/publisher/domains/acme.example.com/verify", {}));
      expect(wrong.code).toBe("publisher.proof.failed");
      expect(wrong.detail).toMatch(/none with this challenge/);
    });
    expect((await connector("gizmo")).publisherBadge).toEqual({
      verified: false,
      domains: [],
      unclaimed: false,
    });
  });

  it("verifies once the file holds the challenge (no body: the HTTP file)", async () => {
    files.set("acme.example.com", `v=MCPv1; k=ed25519; p=other-registry\n${challenge.proof.http.body}`);
    const res = await reg.request("/v1/publisher/domains/acme.example.com/verify", {
      method: "POST",
      headers: { authorization: `Bearer ${acme}` },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ domain: "acme.example.com", status: "verified", method: "http" });
    const status = await json(
      await reg.request("/v1/publisher", { headers: { authorization: `Bearer ${acme}` } }),
    );
    expect(status).toMatchObject({
      publisher: "acme",
      publisherBadge: { verified: true, domains: ["acme.example.com"], unclaimed: false },
      domains: [{ domain: "acme.example.com", status: "verified", method: "http" }],
    });
  });

  it("puts the badge on every connector document and listing row of the publisher, not on others", async () => {
    const badge = { verified: true, domains: ["acme.example.com"], unclaimed: false };
    expect((await connector("gizmo")).publisherBadge).toEqual(badge);
    expect((await connector("widget")).publisherBadge).toEqual(badge);
    expect((await connector("rival-tool")).publisherBadge.verified).toBe(false);
    const listing = await json(await reg.request("/v1/connectors?sort=name"));
    const byName = Object.fromEntries(listing.items.map((i: any) => [i.name, i.publisherBadge]));
    expect(byName).toEqual({
      gizmo: badge,
      widget: badge,
      "rival-tool": { verified: false, domains: [], unclaimed: false },
    });
    const mine = await json(await reg.request("/v1/connectors?publisher=acme"));
    expect(mine.items.every((i: any) => i.publisherBadge.verified)).toBe(true);
  });

  it("relays the badge in the official API's Connectory _meta", async () => {
    const page = await json(await reg.request("/v0.1/servers?search=gizmo"));
    const entry = page.servers.find((s: any) => s._meta["dev.connectory/connector"].connector === "gizmo");
    expect(entry._meta["dev.connectory/connector"].publisherBadge).toEqual({
      verified: true,
      domains: ["acme.example.com"],
      unclaimed: false,
    });
  });

  it("shows it on the web: the connector page, the cards and the publisher page", async () => {
    const page = await (await reg.request("/c/gizmo")).text();
    expect(page).toMatch(/class="badge badge-verified"[^>]*>✓ verified acme.example.com/);
    const search = await (await reg.request("/search?q=gizmo")).text();
    expect(search).toContain("✓ verified acme.example.com");
    const rivalPage = await (await reg.request("/c/rival-tool")).text();
    expect(rivalPage).not.toContain("badge-verified");
    expect(await (await reg.request("/p/acme")).text()).toContain("✓ verified acme.example.com");
  });

  it("is idempotent: verifying a verified domain changes nothing", async () => {
    await unchanged(async () => {
      const res = await post("/v1/publisher/domains/acme.example.com/verify", { method: "dns" });
      expect(res.status).toBe(200);
      expect((await json(res)).method).toBe("http");
    });
  });

  it("a new connector of a verified publisher carries the badge from its first publish", async () => {
    expect(
      (await reg.publish(await packPackage({ name: "gadget", version: "1.0.0" }), acme, "gadget")).status,
    ).toBe(201);
    expect((await connector("gadget")).publisherBadge.verified).toBe(true);
  });
});

describe("the DNS TXT proof", () => {
  it("verifies by a TXT record of the domain; the badge lists both domains in order", async () => {
    const { challenge } = await json(await post("/v1/publisher/domains", { domain: "acme.dev" }));
    const failed = await json(await post("/v1/publisher/domains/acme.dev/verify", { method: "dns" }));
    expect(failed).toMatchObject({ code: "publisher.proof.failed" });
    expect(failed.detail).toMatch(/no TXT record of acme.dev holds this challenge/);
    txt.set("acme.dev", [["v=spf1 -all"], ["connectory-verification=", challenge]]);
    const res = await post("/v1/publisher/domains/acme.dev/verify", { method: "dns" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: "verified", method: "dns" });
    expect((await connector("widget")).publisherBadge.domains).toEqual(["acme.example.com", "acme.dev"]);
    expect(await (await reg.request("/c/widget")).text()).toContain("✓ verified acme.example.com +1");
  });

  it("a resolver failure is a proof failure that names it", async () => {
    const failing = await createTestRegistry({
      proofs: {
        fetchFile: async () => "",
        resolveTxt: async () => {
          throw Object.assign(new Error("queryTxt ESERVFAIL"), { code: "ESERVFAIL" });
        },
      },
    });
    try {
      const token = await failing.token("acme");
      const ask = (path: string, body: unknown) =>
        failing.request(path, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      await ask("/v1/publisher/domains", { domain: "acme.dev" });
      const res = await json(await ask("/v1/publisher/domains/acme.dev/verify", { method: "dns" }));
      expect(res).toMatchObject({ code: "publisher.proof.failed" });
      expect(res.detail).toMatch(/could not be read \(ESERVFAIL\)/);
    } finally {
      await failing.close();
    }
  });
});

describe("one verified publisher per domain", () => {
  it("another publisher cannot request or verify a domain verified for acme", async () => {
    await unchanged(async () => {
      const res = await post("/v1/publisher/domains", { domain: "acme.example.com" }, rival);
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ code: "publisher.domain.taken" });
    });
  });

  it("when two publishers race for a pending domain, the first proof wins and the second is refused", async () => {
    const a = await json(await post("/v1/publisher/domains", { domain: "shared.example.org" }));
    const b = await json(await post("/v1/publisher/domains", { domain: "shared.example.org" }, rival));
    expect(a.challenge).not.toBe(b.challenge);
    files.set(
      "shared.example.org",
      `connectory-verification=${a.challenge}\nconnectory-verification=${b.challenge}\n`,
    );
    expect((await post("/v1/publisher/domains/shared.example.org/verify", {})).status).toBe(200);
    const second = await post("/v1/publisher/domains/shared.example.org/verify", {}, rival);
    expect(second.status).toBe(409);
    expect(await json(second)).toMatchObject({ code: "publisher.domain.taken" });
    expect((await connector("rival-tool")).publisherBadge.verified).toBe(false);
  });
});

describe("bad input", () => {
  it("needs the publish token", async () => {
    expect((await reg.request("/v1/publisher")).status).toBe(401);
    expect((await post("/v1/publisher/domains", { domain: "x.example.com" }, null)).status).toBe(401);
    const bad = await post("/v1/publisher/domains/acme.dev/verify", {}, "cty_forged");
    expect(bad.status).toBe(401);
  });

  it("refuses hostile domains, each with a coded problem, and stores nothing", async () => {
    await unchanged(async () => {
      for (const domain of [
        "localhost",
        "127.0.0.1",
        "169.254.169.254",
        "metadata.google.internal",
        "https://acme.io/",
        "acme.io:8080",
        "ac me.io",
        "a".repeat(300),
        "exa\u0000mple.com",
        "..",
        42,
        null,
      ]) {
        const res = await post("/v1/publisher/domains", { domain });
        expect(res.status, String(domain)).toBe(400);
        expect((await json(res)).code).toBe("publisher.domain.invalid");
      }
      expect((await json(await post("/v1/publisher/domains", "{not json"))).code).toBe(
        "request.body.invalid-json",
      );
      expect((await json(await post("/v1/publisher/domains", "[]"))).code).toBe("publisher.domain.invalid");
      const big = await post("/v1/publisher/domains", JSON.stringify({ domain: "x".repeat(70_000) }));
      expect(big.status).toBe(413);
    });
  });

  it("refuses an unknown method and a domain never requested", async () => {
    await unchanged(async () => {
      const method = await post("/v1/publisher/domains/acme.dev/verify", { method: "smtp" });
      expect(method.status).toBe(400);
      expect((await json(method)).code).toBe("publisher.method.invalid");
      const broken = await post("/v1/publisher/domains/acme.dev/verify", "{method:");
      expect((await json(broken)).code).toBe("request.body.invalid-json");
      const huge = await post(
        "/v1/publisher/domains/acme.dev/verify",
        JSON.stringify({ method: "x".repeat(70_000) }),
      );
      expect(huge.status).toBe(413);
      const never = await post("/v1/publisher/domains/never.example.com/verify", {});
      expect(never.status).toBe(404);
      expect((await json(never)).code).toBe("publisher.domain.not-requested");
      const hostile = await post(`/v1/publisher/domains/${encodeURIComponent("127.0.0.1")}/verify`, {});
      expect((await json(hostile)).code).toBe("publisher.domain.invalid");
    });
  });

  it("caps the domains one publisher may request", async () => {
    const token = await reg.token("hoarder");
    for (let i = 0; i < 20; i++)
      expect((await post("/v1/publisher/domains", { domain: `d${i}.example.net` }, token)).status).toBe(201);
    await unchanged(async () => {
      const res = await post("/v1/publisher/domains", { domain: "one-more.example.net" }, token);
      expect(res.status).toBe(409);
      expect((await json(res)).code).toBe("publisher.domain.limit");
    });
    expect(reg.errors).toEqual([]);
  });
});

describe("look-ups are rate-limited", () => {
  it("a publisher can make the registry look at most 12 times a minute", async () => {
    const token = await reg.token("eager");
    expect((await post("/v1/publisher/domains", { domain: "eager.example.net" }, token)).status).toBe(201);
    for (let i = 0; i < 12; i++) {
      const res = await post("/v1/publisher/domains/eager.example.net/verify", { method: "dns" }, token);
      expect((await json(res)).code).toBe("publisher.proof.failed");
    }
    const limited = await post("/v1/publisher/domains/eager.example.net/verify", { method: "dns" }, token);
    expect(limited.status).toBe(429);
    expect((await json(limited)).code).toBe("publisher.verify.rate-limited");
    // Another publisher is not held back.
    const other = await post("/v1/publisher/domains/acme.dev/verify", { method: "dns" });
    expect(other.status).toBe(200);
  });
});
