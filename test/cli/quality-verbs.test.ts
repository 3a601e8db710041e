import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../helpers/cli.js";
import { runAdminCaptured } from "../helpers/admin.js";
import { createTestRegistry, packDir, packPackage, type TestRegistry } from "../helpers/registry.js";
import { tempDir } from "../helpers/tmp.js";

// The CLI's side of quality: `report`, the checklist in `info`, `search --sort quality`, `install`
// refusing a version confirmed malicious; and the operator's `connectory-registry reports`. Against the
// real registry (src/server/app.ts), in-process through an injected fetch.

let reg: TestRegistry;
let home: string;
const fetchFn = ((input: string | URL | Request, init?: RequestInit) =>
  reg.app.request(
    typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
    init,
  )) as typeof fetch;
const run = (...argv: string[]) =>
  cli(argv, { home, env: { CONNECTORY_REGISTRY: reg.publicUrl }, fetch: fetchFn });
const onSqlite = process.env.TEST_DATABASE !== "postgres";

beforeAll(async () => {
  reg = await createTestRegistry();
  home = await tempDir();
  const samples = await reg.token("connectory-samples");
  expect((await reg.publish(await packDir("weather"), samples, "weather")).status).toBe(201);
  const acme = await reg.token("acme");
  for (const version of ["1.0.0", "1.1.0"])
    expect((await reg.publish(await packPackage({ name: "demo", version }), acme, "demo")).status).toBe(201);
});
afterAll(() => reg.close());

describe("connectory report", () => {
  it("checks its arguments before sending anything", async () => {
    for (const argv of [
      ["report", "demo", "--message", "long enough message"],
      ["report", "demo", "--reason", "broken"],
      ["report", "demo", "--reason", "nonsense", "--message", "long enough message"],
      ["report", "demo", "--reason", "broken", "--message", "short"],
      ["report", "demo", "--reason", "broken", "--message", "bell \u0007 inside the message"],
      ["report", "Not_A_Name", "--reason", "broken", "--message", "long enough message"],
    ]) {
      const r = await run(...argv);
      expect(r.code, argv.join(" ")).toBe(2);
    }
    expect(await reg.app.registry.listReports({})).toEqual([]);
  });

  it("reports the latest version by default, or the one named; --json prints the report", async () => {
    const r = await run(
      "report",
      "demo",
      "--reason",
      "broken",
      "--message",
      "tools/list answers garbage",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      marketplace: "default",
      report: {
        id: expect.any(Number),
        name: "demo",
        version: "1.1.0",
        kind: "broken",
        status: "open",
        createdAt: expect.any(String),
      },
    });
    const text = await run(
      "report",
      "demo@1.0.0",
      "--reason",
      "spam",
      "--message",
      "an advert, not a connector",
    );
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^reported demo@1\.0\.0 to default as spam \(report \d+\)/);
    const missing = await run(
      "report",
      "demo@9.9.9",
      "--reason",
      "spam",
      "--message",
      "an advert, not a connector",
    );
    expect(missing.code).toBe(1);
    expect((await reg.app.registry.listReports({})).map((x) => x.version)).toEqual(["1.0.0", "1.1.0"]);
  });
});

describe("quality in info and search", () => {
  it("info shows the score in one line; info --quality the checklist; --json carries the quality object", async () => {
    const r = await run("info", "weather");
    expect(r.code).toBe(0);
    const score = (
      (await (await reg.request("/v1/connectors/weather")).json()) as { quality: { score: number } }
    ).quality.score;
    // Compact: one line, the item worth most among the failed ones, and where the checklist is.
    expect(r.stdout).toMatch(new RegExp(`quality: ${score}/100; most to gain: .+ \\(\\+\\d+\\)`));
    expect(r.stdout).toContain("(the checklist: connectory info weather --quality)");
    expect(r.stdout).not.toMatch(/ {2}package \d+\/40/);
    expect(r.stdout.split("\n").length).toBeLessThan(35);
    const full = await run("info", "weather", "--quality");
    expect(full.code).toBe(0);
    expect(full.stdout).toContain(`quality: ${score}/100 (docs/quality.md)`);
    expect(full.stdout).toMatch(/ {2}package \d+\/40/);
    expect(full.stdout).toContain(
      "- not checked yet: left out of the score until the registry runs a live check (not counted)",
    );
    const json = JSON.parse((await run("info", "weather", "--json")).stdout);
    expect(json.quality.score).toBe(score);
    expect(json.quality.items.length).toBeGreaterThan(15);
  });

  it("search --sort quality orders by the score and shows it; an unknown sort is a usage error", async () => {
    const r = await run("search", "--sort", "quality");
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n").filter((l) => /^\s*\d+ {2}/.test(l));
    expect(lines.map((l) => l.trim().split(/\s+/)[1])).toEqual(["weather", "demo"]);
    const json = JSON.parse((await run("search", "--sort", "quality", "--json")).stdout);
    expect(json.results[0]).toMatchObject({ name: "weather", quality: expect.any(Number) });
    expect((await run("search", "--sort", "bogus")).code).toBe(2);
  });
});

describe("a version confirmed malicious", () => {
  it.skipIf(!onSqlite)(
    "operators list and resolve reports; install then refuses it unless --force",
    async () => {
      const databaseUrl = reg.dbFile;
      const listed = await runAdminCaptured(["reports", "list", "--json"], { databaseUrl });
      expect(listed.code).toBe(0);
      const reports = JSON.parse(listed.stdout).reports as Array<{ id: number; version: string }>;
      expect(reports.map((r) => r.version)).toEqual(["1.0.0", "1.1.0"]);
      const text = await runAdminCaptured(["reports", "list"], { databaseUrl });
      expect(text.stdout.split("\n")[0]).toBe("id\tversion\tkind\tstatus\tcreated\tmessage");
      // A message cannot hide text from the operator: bidi overrides and zero-width characters show as markers.
      const sneaky = await reg.app.request(`${reg.publicUrl}/v1/connectors/weather/1.0.0/reports`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "spam", message: "fine \u202edesrever\u202c and\u200bhidden" }),
      });
      expect(sneaky.status).toBe(201);
      const shown = (await runAdminCaptured(["reports", "list", "--limit", "1"], { databaseUrl })).stdout;
      expect(shown).toContain("⟨U+202E");
      expect(shown).toContain("⟨U+200B");
      expect(shown).not.toContain("\u202e");
      const { id: sneakyId } = (await sneaky.json()) as { id: number };
      const dismissedSneaky = await runAdminCaptured(["reports", "resolve", String(sneakyId), "--dismiss"], {
        databaseUrl,
      });
      expect(dismissedSneaky.code).toBe(0);
      // Usage errors before the database is touched.
      expect((await runAdminCaptured(["reports", "resolve", "1"], { databaseUrl })).code).toBe(2);
      expect((await runAdminCaptured(["reports", "resolve", "x", "--dismiss"], { databaseUrl })).code).toBe(
        2,
      );
      expect((await runAdminCaptured(["reports", "list", "--status", "weird"], { databaseUrl })).code).toBe(
        2,
      );
      expect((await runAdminCaptured(["reports", "bogus"], { databaseUrl })).code).toBe(2);

      const spam = reports.find((r) => r.version === "1.0.0")!;
      // The first command after an upgrade that changed the derived fields rebuilds every document, and
      // says so on stderr as `serve` does.
      await reg.repo.transaction((tx) => tx.setMeta("derived_fields", "8"));
      const dismissed = await runAdminCaptured(["reports", "resolve", String(spam.id), "--dismiss"], {
        databaseUrl,
      });
      expect(dismissed.code).toBe(0);
      expect(dismissed.stderr).toMatch(/^rebuilding the documents of \d+ connectors for /);
      expect(dismissed.stderr).toMatch(/\nrebuilt the documents of \d+ connectors in \d+\.\d s\n/);
      const bad = reports.find((r) => r.version === "1.1.0")!;
      const confirmed = await runAdminCaptured(
        ["reports", "resolve", String(bad.id), "--confirm-malicious", "--json"],
        {
          databaseUrl,
        },
      );
      expect(confirmed.code, confirmed.stderr).toBe(0);
      expect(JSON.parse(confirmed.stdout)).toMatchObject({ report: { status: "malicious" }, yanked: true });
      const again = await runAdminCaptured(["reports", "resolve", String(bad.id), "--dismiss"], {
        databaseUrl,
      });
      expect([again.code, again.stderr]).toEqual([1, expect.stringContaining("is already malicious")]);
      expect((await runAdminCaptured(["reports", "list"], { databaseUrl })).stdout).toBe("no reports\n");

      const refused = await run("install", "demo@1.1.0", "--yes");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("demo@1.1.0 was confirmed malicious by the registry's operators");
      const refusedJson = await run("install", "demo@1.1.0", "--yes", "--json");
      expect(JSON.parse(refusedJson.stdout).error.code).toBe("install.malicious");
      expect(refused.stderr).toContain("--force installs it anyway");
      const info = await run("info", "demo@1.1.0");
      expect(info.stdout).toContain("confirmed MALICIOUS");
      expect((await run("install", "demo", "--yes", "--json")).stdout).toContain('"version": "1.0.0"');
      const forced = await run("install", "demo@1.1.0", "--yes", "--force");
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stderr).toContain(
        "confirmed malicious by the registry's operators; installing it because of --force",
      );
    },
  );
});
