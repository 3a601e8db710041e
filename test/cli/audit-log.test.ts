import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  auditPaths,
  describeArguments,
  loggedValues,
  readAuditLog,
  type AuditEntry,
} from "../../cli/home/audit-log.js";
import { ROOT, cli } from "../helpers/cli.js";
import { tempDir } from "../helpers/tmp.js";

const CANARY = "sk-canary-7f6e5d4c3b2a";

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  time: "2026-05-01T12:00:00.000Z",
  via: "gateway",
  client: { name: "claude-code", version: "2.0.0" },
  profile: "default",
  server: "notes",
  tool: "search",
  arguments: [{ name: "query", bytes: 5 }],
  durationMs: 12,
  outcome: "ok",
  ...over,
});

describe("the audit log", () => {
  it("describes arguments by name and size, and masks secrets in logged values", () => {
    expect(describeArguments({ query: "abc", n: 12, deep: { a: [1] } })).toEqual([
      { name: "query", bytes: 5 },
      { name: "n", bytes: 2 },
      { name: "deep", bytes: 9 },
    ]);
    expect(describeArguments(undefined)).toEqual([]);
    const values = loggedValues(
      { query: `find ${CANARY} "quoted"`, nested: { x: [CANARY] }, api_key: "anything", n: 3 },
      [CANARY],
    );
    expect(values).toEqual({ query: 'find *** "quoted"', nested: { x: ["***"] }, api_key: "***", n: 3 });
    expect(JSON.stringify(values)).not.toContain(CANARY);
  });

  it("masks at any depth: nested secret keys, name/value pairs, URL passwords, bearer credentials (issue 31 #14)", () => {
    const values = loggedValues(
      {
        request: {
          headers: [
            { name: "Authorization", value: "Bearer sk-live-0123456789abcdef" },
            { name: "Accept", value: "application/json" },
          ],
          config: { db: { password: "hunter2", host: "db" }, deeper: [{ env: { API_KEY: "k-123" } }] },
          env: [{ key: "GITHUB_TOKEN", value: "ghp_abcdefghijklmnop" }],
        },
        dsn: "postgresql://app:hunter2@db.example.com/app",
        note: "curl -H 'Authorization: Bearer sk-live-0123456789abcdef' https://x",
        author: "Ada",
      },
      [],
    );
    const text = JSON.stringify(values);
    for (const secret of ["sk-live-0123456789abcdef", "hunter2", "k-123", "ghp_abcdefghijklmnop"])
      expect(text).not.toContain(secret);
    expect(values).toMatchObject({
      request: {
        headers: [
          { name: "Authorization", value: "***" },
          { name: "Accept", value: "application/json" },
        ],
        config: { db: { password: "***", host: "db" }, deeper: [{ env: { API_KEY: "***" } }] },
        env: [{ key: "GITHUB_TOKEN", value: "***" }],
      },
      dsn: "postgresql://app:***@db.example.com/app",
      author: "Ada",
    });
  });

  it("hides what lies past the depth limit instead of walking it", () => {
    let deep: unknown = "sk-hidden";
    for (let i = 0; i < 100_000; i++) deep = { x: deep };
    expect(JSON.stringify(loggedValues({ deep }, []))).not.toContain("sk-hidden");
  });

  it("appends lines (0600), rotates past the size cap, and reads both files, skipping a torn line", async () => {
    const home = await tempDir();
    const log = auditLog(home, { maxBytes: 600 });
    for (let i = 0; i < 5; i++) log.append(entry({ tool: `t${i}` }));
    await log.flush();
    const files = auditPaths(home);
    expect((await fs.stat(files.current)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(files.current)).size).toBeLessThanOrEqual(600);
    expect((await fs.stat(files.previous)).size).toBeGreaterThan(0);
    await fs.appendFile(files.current, '{"time": "2026-05-01T12:0');
    const read = await readAuditLog(home);
    // The oldest lines went with the second rotation; what is kept is in order.
    const tools = read.map((e) => e.tool);
    expect(tools.at(-1)).toBe("t4");
    expect(tools).toEqual([...tools].sort());
    expect(tools.length).toBeGreaterThanOrEqual(2);
  });

  it("writes in batches: once enough lines are queued, after a while, and all that is queued on flush", async () => {
    const home = await tempDir();
    const lines = async () =>
      (await fs.readFile(auditPaths(home).current, "utf8").catch(() => "")).split("\n").filter(Boolean)
        .length;
    const log = auditLog(home, { flushMs: 60_000, flushLines: 4 });
    for (let i = 0; i < 3; i++) log.append(entry({ tool: `t${i}` }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lines()).toBe(0); // queued, not written yet
    log.append(() => entry({ tool: "t3" })); // the fourth line: its batch is due now (made only then)
    await expect.poll(lines).toBe(4);
    log.append(entry({ tool: "t4" }));
    await log.flush();
    expect(await lines()).toBe(5);
    const timed = auditLog(home, { flushMs: 20 });
    timed.append(entry({ tool: "t5" }));
    await expect.poll(lines).toBe(6); // written by the timer, no flush asked
    await timed.flush();
    expect((await readAuditLog(home)).map((e) => e.tool)).toEqual(["t0", "t1", "t2", "t3", "t4", "t5"]);
  });

  it("writes what is still queued when the process exits without a flush (built module: npm run build)", async () => {
    const home = await tempDir();
    const module = pathToFileURL(path.join(ROOT, "dist/cli/home/audit-log.js")).href;
    const script = `
      const { auditLog } = await import(${JSON.stringify(module)});
      const log = auditLog(process.argv[1]);
      for (let i = 0; i < 300; i++) log.append(${JSON.stringify(entry())});
      log.append(() => (${JSON.stringify(entry({ tool: "last" }))}));
      process.exit(0);`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script, home], {
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const entries = await readAuditLog(home);
    expect(entries).toHaveLength(301);
    expect(entries.at(-1)?.tool).toBe("last");
  });

  it("`logs` filters by server and time, and refuses a malformed --since", async () => {
    const home = await tempDir();
    const log = auditLog(home);
    log.append(entry({ time: "2026-05-01T10:00:00.000Z", server: "weather", tool: "get_weather" }));
    log.append(entry({ time: "2026-05-01T11:30:00.000Z" }));
    log.append(entry({ time: "2026-05-01T11:50:00.000Z", outcome: "refused", errorCode: -32003 }));
    await log.flush();
    const now = () => new Date("2026-05-01T12:00:00.000Z");
    const json = await cli(["logs", "--server", "notes", "--since", "1h", "--json"], { home, now });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).entries.map((e: AuditEntry) => e.outcome)).toEqual(["ok", "refused"]);
    const since = await cli(["logs", "--since", "2026-05-01T11:40:00Z"], { home, now });
    expect(since.stdout).toMatch(/claude-code 2\.0\.0 +notes +search +refused \(-32003\) +12 ms/);
    expect(since.stdout).not.toContain("get_weather");
    const bad = await cli(["logs", "--since", "yesterday"], { home, now });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--since must be a date");
  });

  it("`logs` cannot be forged: newlines in a tool or client name are escaped, odd names quoted (issue 31 #15)", async () => {
    const home = await tempDir();
    const log = auditLog(home);
    const forged = "search\n2026-05-01T11:59:00.000Z  claude-code 2.0.0  notes  delete_all  ok  1 ms";
    log.append(
      entry({
        time: "2026-05-01T11:30:00.000Z",
        tool: forged,
        client: { name: "evil\r\nhost", version: "1\u001b[2J" },
      }),
    );
    log.append(entry({ time: "2026-05-01T11:31:00.000Z", server: "my server", tool: "a".repeat(300) }));
    await log.flush();
    const run = await cli(["logs"], { home, now: () => new Date("2026-05-01T12:00:00.000Z") });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3); // the header and one line per entry: no forged row
    expect(lines[1]).toContain('"search\\n2026-05-01T11:59:00.000Z');
    expect(lines[1]).toContain('"evil\\r\\nhost" "1\\u001b[2J"');
    expect(lines[2]).toContain('"my server"');
    expect(lines[2]).toContain(`"${"a".repeat(128)}"…`);
    expect(run.stdout).not.toContain("\u001b");
  });
});
