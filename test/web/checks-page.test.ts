import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpFleet, type McpFleet } from "../../bench/lib/mcp-fleet.js";
import { parseAllowlist } from "../../src/registry/address-guard.js";
import { runCheckPass } from "../../src/registry/checks/check-pass.js";
import { packPackage, startTestServer } from "../helpers/registry.js";

// The live checks as a user sees them: the `checks` object of GET /v1/connectors/:name (the fast path
// and the Hono route alike) and the "Live checks" section of the connector page.

type Doc = Record<string, unknown>;

let fleet: McpFleet;
let server: Awaited<ReturnType<typeof startTestServer>>;
const allow = parseAllowlist("127.0.0.1");
/** As `serve` wires it (src/admin/commands/serve.ts): each check rescores the connector. */
const rescore = async (name: string) => void (await server.app.registry.refreshQuality(name));

async function publish(name: string, main: object) {
  const token = await server.token();
  const bytes = await packPackage(
    { name, version: "1.0.0" },
    { "mcp.json": JSON.stringify({ mcpServers: { main } }) },
  );
  const res = await fetch(`${server.url}/v1/connectors/${name}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/gzip" },
    body: bytes,
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  fleet = await mcpFleet();
  server = await startTestServer();
  await publish("live-one", { type: "streamable-http", url: `${fleet.url}/flaky/live-one` });
  // A server launched from a package registry: nothing the checker connects to.
  await publish("never-checked", { type: "stdio", command: "npx", args: ["-y", "some-mcp-server@1.0.0"] });
});
afterAll(async () => {
  await server.close();
  await fleet.close();
});

describe("live checks in the API and on the page", () => {
  it("GET /v1/connectors/:name carries `checks` once checked, with a new ETag after each check", async () => {
    const before = await fetch(`${server.url}/v1/connectors/live-one`);
    expect(((await before.json()) as Doc).checks).toBeUndefined();
    const etag0 = before.headers.get("etag");

    let t = Date.parse("2026-12-01T10:00:00.000Z");
    const now = () => new Date(t);
    fleet.flaky.up = true;
    await runCheckPass({ repo: server.repo, allow, now, minAgeMs: 0, onEvidence: rescore });
    const after = await fetch(`${server.url}/v1/connectors/live-one`);
    const doc = (await after.json()) as Doc;
    expect(doc.checks).toMatchObject({
      latest: { status: "up", kind: "remote", toolCount: 2, checkedAt: "2026-12-01T10:00:00.000Z" },
      uptime7d: 1,
      uptime30d: 1,
      checks7d: 1,
      checks30d: 1,
    });
    // One copy of the evidence: the score's latest check is the summary's.
    expect((doc.quality as { check?: unknown }).check).toEqual((doc.checks as Doc).latest);
    expect(doc.downloads).toBe(0);
    const etag1 = after.headers.get("etag");
    expect(etag1).not.toBe(etag0);
    // The fast path and the Hono route (app.request) serve the same bytes and ETag.
    const hono = await server.app.request(`${server.publicUrl}/v1/connectors/live-one`);
    expect(hono.headers.get("etag")).toBe(etag1);
    expect(await hono.json()).toEqual(doc);
    const revalidated = await fetch(`${server.url}/v1/connectors/live-one`, {
      headers: { "if-none-match": etag1! },
    });
    expect(revalidated.status).toBe(304);

    fleet.flaky.up = false;
    t += 3_600_000;
    await runCheckPass({ repo: server.repo, allow, now, minAgeMs: 0, onEvidence: rescore });
    const down = await fetch(`${server.url}/v1/connectors/live-one`, {
      headers: { "if-none-match": etag1! },
    });
    expect(down.status).toBe(200);
    expect(((await down.json()) as Doc).checks).toMatchObject({ latest: { status: "error" }, uptime7d: 0.5 });
  });

  it("the connector page shows the latest check and the uptime over 7 and 30 days", async () => {
    const html = await (await fetch(`${server.url}/c/live-one`)).text();
    expect(html).toContain("Live checks");
    expect(html).toContain("Not answering as MCP");
    expect(html).toMatch(/Uptime, 7 days<\/dt><dd>50%/);
    expect(html).toMatch(/Uptime, 30 days<\/dt><dd>50%/);
    expect(html).toContain("2 checks");
    expect(html).toContain("2026-12-01 11:00 UTC");
    expect(html).toContain("<code>check.protocol</code>");
    const bare = await (await fetch(`${server.url}/c/never-checked`)).text();
    expect(bare).not.toContain("Live checks");
  });
});
