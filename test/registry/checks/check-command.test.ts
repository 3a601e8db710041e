import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/open-database.js";
import { parseAllowlist } from "../../../src/registry/address-guard.js";
import { startCheckSchedule } from "../../../src/registry/checks/check-schedule.js";
import { mcpFleet, type McpFleet } from "../../../bench/lib/mcp-fleet.js";
import { runAdminCaptured } from "../../helpers/admin.js";
import { ROOT } from "../../helpers/cli.js";
import { createTestDatabase, postgresAvailable } from "../../helpers/postgres.js";
import { tempDir } from "../../helpers/tmp.js";
import { addConnector, closedPort } from "./check-fixtures.js";

const run = promisify(execFile);
const BIN = path.join(ROOT, "bin/connectory-registry.js");
const FLUSH_FIXTURE = path.join(ROOT, "test/fixtures/flush-output.mjs");

let fleet: McpFleet;
beforeAll(async () => {
  fleet = await mcpFleet();
});
afterAll(async () => fleet.close());

async function registryWith(names: Record<string, string>): Promise<string> {
  const url = path.join(await tempDir(), "registry.db");
  const repo = await openDatabase(url);
  for (const [name, target] of Object.entries(names))
    await addConnector(repo, name, { s: { type: "http", url: target } });
  await repo.close();
  return url;
}

describe("connectory-registry check", () => {
  it("--json: one pass, every status, then nothing due", async () => {
    const port = await closedPort();
    const databaseUrl = await registryWith({
      ok: `${fleet.url}/up/ok`,
      locked: `${fleet.url}/auth/locked`,
      broken: `${fleet.url}/garbage/broken`,
      gone: `http://127.0.0.1:${port}/mcp`,
    });
    const env = { CHECK_ALLOWLIST: "127.0.0.1" };
    const first = await runAdminCaptured(["check", "--json", "--concurrency", "2"], { databaseUrl, env });
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({
      checked: 4,
      concurrency: 2,
      counts: { up: 1, "needs-auth": 1, down: 1, error: 1 },
    });
    expect(report.entries.map((e: { name: string; status: string }) => [e.name, e.status])).toEqual([
      ["broken", "error"],
      ["gone", "down"],
      ["locked", "needs-auth"],
      ["ok", "up"],
    ]);
    expect(report.entries[3]).toMatchObject({ version: "1.0.0", toolCount: 2 });
    expect(report.entries[1].error).toBe("check.connect.refused");
    // Each check rescored its connector (docs/quality.md): the up one passes the stability items, the
    // down one does not, and the score column (sort=quality) follows.
    const repo = await openDatabase(databaseUrl);
    const stability = async (name: string) => {
      const doc = JSON.parse((await repo.connectorDocument(name))!.body);
      const items = doc.quality.items.filter((i: { group: string }) => i.group === "stability");
      return {
        score: doc.quality.score as number,
        passed: items.filter((i: { pass: boolean }) => i.pass).length,
        check: doc.quality.check,
      };
    };
    const ok = await stability("ok");
    const gone = await stability("gone");
    await repo.close();
    expect(ok.check).toMatchObject({ status: "up", kind: "remote" });
    expect(gone.check).toMatchObject({ status: "down" });
    expect(ok.passed).toBeGreaterThan(gone.passed);
    expect(ok.score).toBeGreaterThan(gone.score);
    const again = await runAdminCaptured(["check", "--json"], { databaseUrl, env });
    expect(JSON.parse(again.stdout).checked).toBe(0);
    // --min-age 0: everything is due again.
    const text = await runAdminCaptured(["check", "--min-age", "0", "--limit", "2"], { databaseUrl, env });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^checked 2 connector\(s\) in [\d.]+ s \(concurrency 16\)/);
    expect(text.stdout).toContain("name\tstatus\tlatency\tprotocol\ttools\treason");
  });

  // Issue 31 #21: `check --json | jq` lost everything past 64 KiB: the process exited while Node still
  // queued what the pipe could not take. The entry point (src/admin/index.ts, every command's only exit)
  // now awaits flushOutput() first; the fixture exits the same way, with and without it.
  it.each([
    ["--flush", true],
    ["", false],
  ])("exit %j on a pipe read slowly: the whole document arrives (%s)", async (flag, whole) => {
    const child = spawn(process.execPath, [FLUSH_FIXTURE, ...(flag ? [flag] : [])], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    // Nothing is read until the process has exited, or has waited 3 s for its reader.
    child.stdout.pause();
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d: string) => (stdout += d));
    const ended = new Promise((resolve) => child.stdout.on("end", resolve));
    child.stdout.resume();
    await ended;
    expect(await exited).toBe(0);
    if (whole) expect(JSON.parse(stdout).entries).toHaveLength(4000);
    // Without the flush the document is cut: the case the fix exists for (and proof the test can fail).
    else expect(stdout.length).toBeLessThan(JSON.stringify({ entries: [] }).length + 4000 * 70);
  });

  it("without CHECK_ALLOWLIST the same local servers are refused by the SSRF guard", async () => {
    const databaseUrl = await registryWith({
      local: `${fleet.url}/up/local`,
      meta: "http://169.254.169.254/mcp",
    });
    const result = await runAdminCaptured(["check", "--json"], { databaseUrl });
    const report = JSON.parse(result.stdout);
    expect(report.entries).toEqual([
      expect.objectContaining({ name: "local", status: "down", error: "check.ssrf.loopback" }),
      expect.objectContaining({ name: "meta", status: "down", error: "check.ssrf.metadata" }),
    ]);
    expect(fleet.hits.get("local")).toBeUndefined(); // the server never saw a request
  });

  it.each([
    [["check", "--limit", "0"], /--limit must be a whole number from 1/],
    [["check", "--limit", "-3"], /--limit/],
    [["check", "--concurrency", "1e3"], /--concurrency must be/],
    [["check", "--timeout", "x"], /--timeout must be/],
    [["check", "extra"], /check takes no arguments/],
    [["check", "--bogus"], /Unknown option/],
  ])("usage errors exit 2 before opening the database: %j", async (argv, message) => {
    const dir = await tempDir();
    const result = await runAdminCaptured(argv, { databaseUrl: path.join(dir, "never.db") });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("a malformed CHECK_ALLOWLIST is refused with its entry named", async () => {
    const dir = await tempDir();
    const result = await runAdminCaptured(["check"], {
      databaseUrl: path.join(dir, "r.db"),
      env: { CHECK_ALLOWLIST: "127.0.0.1,10.0.0.0/99" },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CHECK_ALLOWLIST entry "10.0.0.0/99"');
  });

  it("serve's in-process schedule runs passes on its interval and stops cleanly", async () => {
    const url = await registryWith({ timed: `${fleet.url}/up/timed` });
    const repo = await openDatabase(url);
    const logs: string[] = [];
    const schedule = startCheckSchedule({
      repo,
      allow: parseAllowlist("127.0.0.1"),
      intervalMs: 50,
      log: (m) => logs.push(m),
    });
    for (let i = 0; i < 200 && logs.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    await schedule.stop();
    expect(logs[0]).toMatch(/^checks: 1 connector\(s\) in \d+ ms: 1 up/);
    expect((await repo.stabilityEvidence("timed", new Date().toISOString()))?.latest.status).toBe("up");
    await repo.close();
  });
});

// Two real processes, started together against one database: every row is checked exactly once.
async function twoProcesses(databaseUrl: string, names: string[]) {
  const env = { ...process.env, DATABASE_URL: databaseUrl, CHECK_ALLOWLIST: "127.0.0.1" };
  fleet.hits.clear();
  const [a, b] = await Promise.all(
    [0, 1].map(() => run(process.execPath, [BIN, "check", "--json", "--concurrency", "3"], { env })),
  );
  const ra = JSON.parse(a!.stdout);
  const rb = JSON.parse(b!.stdout);
  const seen = [...ra.entries, ...rb.entries].map((e: { name: string }) => e.name).sort();
  expect(seen).toEqual(names);
  for (const name of names) expect(fleet.hits.get(name), name).toBe(1);
}

const pgAvailable = await postgresAvailable();

describe("two `check` processes at once", () => {
  const names = Array.from({ length: 30 }, (_, i) => `p${String(i).padStart(2, "0")}`);

  it("on SQLite", async () => {
    const url = await registryWith(
      Object.fromEntries(names.map((n) => [n, `${fleet.url}/up/${n}?delay=20`])),
    );
    await twoProcesses(url, names);
  }, 60_000);

  it.runIf(pgAvailable)(
    "on PostgreSQL",
    async () => {
      const db = await createTestDatabase();
      try {
        const repo = await openDatabase(db.url);
        for (const n of names)
          await addConnector(repo, n, { s: { type: "http", url: `${fleet.url}/up/${n}?delay=20` } });
        await repo.close();
        await twoProcesses(db.url, names);
      } finally {
        await db.drop();
      }
    },
    60_000,
  );
});
