import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mirrorPass, type MirrorPassResult } from "../../../src/registry/mirror/mirror-pass.js";
import { startMirror } from "../../../src/registry/mirror/mirror-schedule.js";
import { packPackage, startTestServer } from "../../helpers/registry.js";

// A mirror of a mirror over real HTTP: three real registries, A → B → C. A publishes, yanks and deprecates;
// one pass of B then one of C (what two intervals give) and C has every change, serving A's exact tarball
// bytes and integrity; a pass over an unchanged upstream costs one request; bytes the upstream did not
// sign are never stored.

type Server = Awaited<ReturnType<typeof startTestServer>>;
let a: Server, b: Server, c: Server;
let token: string;

const publish = async (name: string, version: string) => {
  const bytes = await packPackage({ name, version, description: `The ${name} tools.` });
  const res = await fetch(`${a.url}/v1/connectors/${name}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
    body: bytes,
  });
  expect(res.status, await res.clone().text()).toBe(201);
};
const post = async (path: string, body?: unknown) => {
  const res = await fetch(`${a.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
};
const pass = (to: Server, from: Server | string): Promise<MirrorPassResult> =>
  mirrorPass({
    app: to.app,
    repo: to.repo,
    upstream: typeof from === "string" ? from : from.url,
    fetch,
    now: () => new Date(),
  });
const version = async (s: Server, name: string, v: string) => {
  const res = await fetch(`${s.url}/v1/connectors/${name}/${v}`);
  return res.status === 200
    ? ((await res.json()) as { yanked: boolean; deprecated?: string; dist: { integrity: string } })
    : undefined;
};
const tarball = async (s: Server, name: string, v: string) =>
  Buffer.from(await (await fetch(`${s.url}/v1/connectors/${name}/${v}/tarball`)).arrayBuffer());
const entry = async (s: Server, name: string, v: string) =>
  (await (await fetch(`${s.url}/v0.1/servers/${encodeURIComponent(name)}/versions/${v}`)).json()) as {
    server: unknown;
  };

beforeAll(async () => {
  [a, b, c] = await Promise.all([startTestServer(), startTestServer(), startTestServer()]);
  token = await a.token("acme");
  await publish("alpha", "1.0.0");
  await publish("beta", "1.0.0");
});
afterAll(async () => {
  await Promise.all([a, b, c].map((s) => s?.close()));
});

describe("A → B → C", () => {
  it("the first passes bring A's versions to C, byte for byte", async () => {
    const toB = await pass(b, a);
    expect(toB.report.counts).toMatchObject({ imported: 2, refused: 0 });
    const toC = await pass(c, b);
    expect(toC.report.counts, JSON.stringify(toC.report.entries)).toMatchObject({ imported: 2, refused: 0 });
    for (const name of ["alpha", "beta"]) {
      const [fromA, fromC] = [await version(a, name, "1.0.0"), await version(c, name, "1.0.0")];
      expect(fromC?.dist.integrity).toBe(fromA?.dist.integrity);
      expect((await tarball(c, name, "1.0.0")).equals(await tarball(a, name, "1.0.0"))).toBe(true);
      // The entry A serves is served whole by C.
      expect((await entry(c, `dev.connectory/${name}`, "1.0.0")).server).toEqual(
        (await entry(a, `dev.connectory/${name}`, "1.0.0")).server,
      );
    }
  });

  it("a pass over an unchanged upstream makes one request and changes nothing", async () => {
    const again = await pass(b, a);
    expect(again).toMatchObject({ requests: 1, entries: 0 });
    expect(again.report.entries).toEqual([]);
  });

  it("A's yank, deprecation and new version reach C after one pass of B and one of C", async () => {
    await post("/v1/connectors/beta/1.0.0/yank");
    await post("/v1/connectors/alpha/1.0.0/deprecate", { message: "use alpha 2" });
    await publish("alpha", "2.0.0");
    await pass(b, a);
    const toC = await pass(c, b);
    expect(toC.report.counts.refused, JSON.stringify(toC.report.entries)).toBe(0);
    expect((await version(c, "beta", "1.0.0"))?.yanked).toBe(true);
    expect((await version(c, "alpha", "1.0.0"))?.deprecated).toBe("use alpha 2");
    expect((await tarball(c, "alpha", "2.0.0")).equals(await tarball(a, "alpha", "2.0.0"))).toBe(true);
    const latest = (await (
      await fetch(`${c.url}/v0.1/servers/dev.connectory%2Falpha/versions/latest`)
    ).json()) as {
      server: { version: string };
    };
    expect(latest.server.version).toBe("2.0.0");
  });

  it("keeps the upstream's verified signature with the version", async () => {
    const doc = (await (await fetch(`${c.url}/v1/connectors/alpha/2.0.0`)).json()) as {
      provenance?: { origin?: string; upstreamSignature?: { statement: { integrity: string } } };
      dist: { integrity: string };
    };
    expect(doc.provenance?.origin).toBe(b.url);
    expect(doc.provenance?.upstreamSignature?.statement.integrity).toBe(doc.dist.integrity);
  });

  it("serve's schedule mirrors continuously: a new version at A reaches C", async () => {
    await publish("gamma", "1.0.0");
    const log: string[] = [];
    const schedules = [
      startMirror({ app: b.app, repo: b.repo, upstreams: [a.url], intervalMs: 100, log: (m) => log.push(m) }),
      startMirror({ app: c.app, repo: c.repo, upstreams: [b.url], intervalMs: 100, log: (m) => log.push(m) }),
    ];
    try {
      await vi.waitFor(async () => expect(await version(c, "gamma", "1.0.0")).toBeDefined(), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      await Promise.all(schedules.map((s) => s.stop()));
    }
    expect((await tarball(c, "gamma", "1.0.0")).equals(await tarball(a, "gamma", "1.0.0"))).toBe(true);
    expect(log.filter((m) => m.includes("failed"))).toEqual([]);
  });
});

describe("a mirror never stores bytes its upstream did not sign", () => {
  it("refuses a version whose statement the upstream does not sign", async () => {
    await publish("delta", "1.0.0");
    // An upstream that serves A's API but strips the signatures from version documents.
    const proxy = http.createServer(async (req, res) => {
      const upstream = await fetch(`${a.url}${req.url}`);
      let body = Buffer.from(await upstream.arrayBuffer());
      if (/^\/v1\/connectors\/[^/]+\/[^/]+$/.test(req.url!.split("?")[0]!)) {
        const doc = JSON.parse(body.toString()) as { dist: Record<string, unknown> };
        delete doc.dist.statement;
        delete doc.dist.signatures;
        body = Buffer.from(JSON.stringify(doc));
      }
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
      res.end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const fresh = await startTestServer();
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const result = await pass(fresh, url);
      const delta = result.report.entries.find((e) => e.name === "delta");
      expect(delta).toMatchObject({ status: "refused", code: "mirror.signature" });
      expect(await version(fresh, "delta", "1.0.0")).toBeUndefined();
    } finally {
      await fresh.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

describe("mirroring a registry that is not Connectory", () => {
  it("imports its server.json entries (kept whole), then follows its deprecations with one request when idle", async () => {
    await publish("epsilon", "1.0.0");
    // A's API without Connectory's `_meta`: what the official registry serves.
    const official = http.createServer(async (req, res) => {
      const upstream = await fetch(`${a.url}${req.url}`);
      const body = (await upstream.json()) as { servers?: Array<{ _meta: Record<string, unknown> }> };
      for (const item of body.servers ?? []) delete item._meta["dev.connectory/connector"];
      res.writeHead(upstream.status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => official.listen(0, "127.0.0.1", resolve));
    const fresh = await startTestServer();
    try {
      const url = `http://127.0.0.1:${(official.address() as AddressInfo).port}`;
      const first = await pass(fresh, url);
      const epsilon = first.report.entries.find((e) => e.entry === "dev.connectory/epsilon");
      expect(epsilon).toMatchObject({ status: "imported" });
      expect((await entry(fresh, "dev.connectory/epsilon", "1.0.0")).server).toEqual(
        (await entry(a, "dev.connectory/epsilon", "1.0.0")).server,
      );
      expect(await pass(fresh, url)).toMatchObject({ requests: 1, entries: 0 });
      await post("/v1/connectors/epsilon/1.0.0/deprecate", { message: "gone soon" });
      const next = await pass(fresh, url);
      expect(next.report.entries.find((e) => e.entry === "dev.connectory/epsilon")).toMatchObject({
        status: "deprecated",
      });
      expect((await version(fresh, epsilon!.name!, "1.0.0"))?.deprecated).toBe("gone soon");
    } finally {
      await fresh.close();
      await new Promise((resolve) => official.close(resolve));
    }
  });
});
