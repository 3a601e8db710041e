import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpFleet, type McpFleet } from "../../bench/lib/mcp-fleet.js";
import { normalizeConnector, normalizeHits } from "../../cli/registry/registry-documents.js";
import { parseAllowlist } from "../../src/registry/address-guard.js";
import { runCheckPass } from "../../src/registry/checks/check-pass.js";
import { cli } from "../helpers/cli.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";
import { closedPort } from "../registry/checks/check-fixtures.js";

// The live check in the CLI: `info` shows the connector document's `checks` (status, latency, when,
// uptime), `search` marks a connector whose latest check is down or an error from the listing row's
// `checkStatus`. A real registry (SQLite, or PostgreSQL under TEST_DATABASE=postgres), a real check pass
// against local MCP servers, the CLI in-process through an injected fetch.

let reg: TestRegistry;
let fleet: McpFleet;
let home: string;
const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
  reg.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;
const run = (...argv: string[]) =>
  cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchFn });

const remote = (name: string, url: string) =>
  packPackage(
    { name, version: "1.0.0" },
    { "mcp.json": JSON.stringify({ mcpServers: { s: { type: "streamable-http", url } } }) },
  );

beforeAll(async () => {
  fleet = await mcpFleet();
  reg = await createTestRegistry();
  home = await tempDir();
  const token = await reg.token("acme");
  const gone = `http://127.0.0.1:${await closedPort()}/mcp`;
  for (const [name, url] of [
    ["fine", `${fleet.url}/up/fine`],
    ["gone", gone],
    ["broken", `${fleet.url}/garbage/broken`],
    ["locked", `${fleet.url}/auth/locked`],
  ] as const)
    expect((await reg.publish(await remote(name, url), token, name)).status).toBe(201);
  // Never checked: no `checks`, no mark.
  expect((await reg.publish(await remote("fresh", `${fleet.url}/up/fresh`), token, "fresh")).status).toBe(
    201,
  );
  const report = await runCheckPass({
    repo: reg.repo,
    allow: parseAllowlist("127.0.0.1"),
    onEvidence: async (name) => void (await reg.app.registry.refreshQuality(name)),
    limit: 4,
  });
  expect(report.checked).toBe(4);
});
afterAll(async () => {
  await reg.close();
  await fleet.close();
});

describe("connectory info: the live check", () => {
  it("text: status, latency, tools, when, uptime over 7 and 30 days", async () => {
    const r = await run("info", "fine");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /live check: up, \d+ ms, 2 tools \(remote check \d{4}-\d\d-\d\dT[^ ]+, just now\)/,
    );
    expect(r.stdout).toContain("  uptime: 7 days 100% of 1 check, 30 days 100% of 1 check");
    const gone = await run("info", "gone");
    expect(gone.stdout).toMatch(/live check: down, (\d+ ms, )?check\.connect\.refused \(remote check/);
    expect(gone.stdout).toContain("uptime: 7 days 0% of 1 check");
    expect((await run("info", "locked")).stdout).toContain("live check: reachable, needs sign-in");
    expect((await run("info", "fresh")).stdout).not.toContain("live check:");
  });

  it("--json: `checks` as the connector document carries it", async () => {
    const r = await run("info", "gone", "--json");
    const data = JSON.parse(r.stdout);
    expect(data.checks).toEqual({
      latest: expect.objectContaining({
        status: "down",
        kind: "remote",
        error: "check.connect.refused",
        checkedAt: expect.any(String),
      }),
      uptime7d: 0,
      uptime30d: 0,
      checks7d: 1,
      checks30d: 1,
    });
    const doc = (await (await reg.request("/v1/connectors/gone")).json()) as { checks: unknown };
    expect(data.checks).toEqual(doc.checks);
    expect(JSON.parse((await run("info", "fresh", "--json")).stdout).checks).toBeUndefined();
  });
});

describe("connectory search: a down or broken connector is marked", () => {
  it("the listing row carries checkStatus; the text marks down and error, not up or needs-auth", async () => {
    const page = (await (await reg.request("/v1/connectors?sort=name")).json()) as {
      items: Array<{ name: string; checkStatus: string | null }>;
    };
    expect(Object.fromEntries(page.items.map((i) => [i.name, i.checkStatus]))).toEqual({
      broken: "error",
      fine: "up",
      fresh: null,
      gone: "down",
      locked: "needs-auth",
    });
    const r = await run("search", "--sort", "name");
    expect(r.code, r.stderr).toBe(0);
    const line = (name: string) => r.stdout.split("\n").find((l) => l.startsWith(`${name} `)) ?? "";
    expect(line("gone")).toContain("[down] The gone connector");
    expect(line("broken")).toContain("[error] The broken connector");
    for (const name of ["fine", "locked", "fresh"]) expect(line(name)).not.toMatch(/\[(down|error)\]/);
    const json = JSON.parse((await run("search", "--sort", "name", "--json")).stdout);
    expect(json.results.find((h: { name: string }) => h.name === "gone").checkStatus).toBe("down");
    expect(json.results.find((h: { name: string }) => h.name === "fresh").checkStatus).toBeUndefined();
  });
});

describe("hostile registries", () => {
  it("a malformed checks object or checkStatus is dropped, not shown", () => {
    const base = { versions: {} };
    for (const checks of [
      "up",
      { latest: { status: "exploded", checkedAt: "x" } },
      { latest: { status: "up" } },
      { uptime7d: 1 },
    ])
      expect(normalizeConnector("x", { ...base, checks }).checks).toBeUndefined();
    const kept = normalizeConnector("x", {
      ...base,
      checks: {
        latest: { status: "up", checkedAt: "2026-12-01T00:00:00Z", latencyMs: -5, error: "e".repeat(5000) },
        uptime7d: 7,
        checks7d: "many",
      },
    }).checks!;
    expect(kept.latest.latencyMs).toBeUndefined();
    expect(kept.latest.error!.length).toBe(500);
    expect(kept.uptime7d).toBeUndefined();
    expect(kept.checks7d).toBe(0);
    const hits = normalizeHits({
      items: [
        { name: "a", description: "", checkStatus: "down" },
        { name: "b", description: "", checkStatus: "\u001b[31mdown" },
      ],
    });
    expect(hits.map((h) => h.checkStatus)).toEqual(["down", undefined]);
  });
});
