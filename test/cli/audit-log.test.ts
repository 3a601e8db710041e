import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  auditPaths,
  describeArguments,
  loggedValues,
  readAuditLog,
  type AuditEntry,
} from "../../cli/home/audit-log.js";
import { cli } from "../helpers/cli.js";
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
});
