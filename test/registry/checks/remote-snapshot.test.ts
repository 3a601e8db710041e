import { afterAll, beforeAll, expect, it } from "vitest";
import { snapshotDigest, type ToolSnapshot } from "../../../src/core/tools/snapshot.js";
import { parseAllowlist } from "../../../src/registry/address-guard.js";
import { runCheckPass } from "../../../src/registry/checks/check-pass.js";
import { mcpFleet, type McpFleet } from "../../../bench/lib/mcp-fleet.js";
import { createTestRegistry, packPackage, type TestRegistry } from "../../helpers/registry.js";

// Issue 23: "for a remote server, the live check records the same" — the first complete answer of a
// remote version's servers (initialize, tools, prompts, resources) becomes its signed tool snapshot.

const allow = parseAllowlist("127.0.0.1");
let reg: TestRegistry;
let fleet: McpFleet;
let token: string;
beforeAll(async () => {
  [reg, fleet] = await Promise.all([createTestRegistry(), mcpFleet()]);
  token = await reg.token("acme");
});
afterAll(async () => {
  await fleet.close();
  await reg.close();
});

const remote = (name: string, url: string) =>
  packPackage(
    { name, version: "1.0.0" },
    { "mcp.json": JSON.stringify({ mcpServers: { live: { type: "http", url } } }) },
  );
const pass = () =>
  runCheckPass({
    repo: reg.repo,
    allow,
    minAgeMs: 0,
    onSnapshot: (name, version, snapshot) => reg.app.registry.recordToolSnapshot({ name, version, snapshot }),
  });
const versionDoc = async (name: string) =>
  (await (await reg.request(`/v1/connectors/${name}/1.0.0`)).json()) as {
    toolSnapshot?: ToolSnapshot;
    dist: { statement: { toolSnapshotDigest?: string }; log: { index: number } };
  };

it("a remote server that answers gets a signed snapshot of what it said; a later check keeps the first", async () => {
  expect((await reg.publish(await remote("alpha", `${fleet.url}/up/alpha`), token, "alpha")).status).toBe(
    201,
  );
  const before = await versionDoc("alpha");
  expect(before.toolSnapshot).toBeUndefined();
  const report = await pass();
  expect(report.entries.find((e) => e.name === "alpha")).toMatchObject({ status: "up", toolCount: 2 });
  const after = await versionDoc("alpha");
  expect(after.toolSnapshot).toMatchObject({ kind: "remote" });
  const live = after.toolSnapshot!.servers.live!;
  expect(live.tools).toHaveLength(2);
  expect(live.serverInfo).not.toBeNull();
  expect(snapshotDigest(after.toolSnapshot!)).toBe(after.toolSnapshot!.digest);
  // Signed with the version: the statement was signed again and appended to the log.
  expect(after.dist.statement.toolSnapshotDigest).toBe(after.toolSnapshot!.digest);
  expect(after.dist.log.index).toBeGreaterThan(before.dist.log.index);
  // The connector document (what install resolves from) carries the re-signed statement too.
  const connector = (await (await reg.request("/v1/connectors/alpha")).json()) as {
    versions: Record<string, { dist: { statement: { toolSnapshotDigest?: string } } }>;
  };
  expect(connector.versions["1.0.0"]!.dist.statement.toolSnapshotDigest).toBe(after.toolSnapshot!.digest);
  await pass();
  expect((await versionDoc("alpha")).toolSnapshot).toEqual(after.toolSnapshot);
});

it("a server that does not answer in full gets no snapshot", async () => {
  fleet.flaky.up = false;
  expect((await reg.publish(await remote("beta", `${fleet.url}/flaky/beta`), token, "beta")).status).toBe(
    201,
  );
  const report = await pass();
  expect(report.entries.find((e) => e.name === "beta")?.status).not.toBe("up");
  const doc = await versionDoc("beta");
  expect(doc.toolSnapshot).toBeUndefined();
  expect(doc.dist.statement.toolSnapshotDigest).toBeUndefined();
});
