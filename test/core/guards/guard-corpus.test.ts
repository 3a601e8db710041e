import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { guardValue } from "../../../src/core/guards/guard-content.js";
import { DEFAULT_GUARD_MODES } from "../../../src/core/guards/guard-modes.js";
import { credentialForms, type GuardKind } from "../../../src/core/guards/scan-text.js";

// The corpus of test/fixtures/guard-corpus (generate.mjs): tool results as hosts receive them. The
// numbers asserted here are the ones docs/security.md states; change both together.
const dir = path.join(import.meta.dirname, "../../fixtures/guard-corpus");
const benign = JSON.parse(readFileSync(path.join(dir, "benign.json"), "utf8")) as Array<{
  id: string;
  text: string;
}>;
const hostile = JSON.parse(readFileSync(path.join(dir, "hostile.json"), "utf8")) as Array<{
  id: string;
  text: string;
  expect: GuardKind[];
}>;
const scope = {
  modes: { ...DEFAULT_GUARD_MODES },
  credentials: credentialForms(["correct-horse-battery-staple-42"]),
};
const kindsIn = (text: string) =>
  new Set(guardValue({ content: [{ type: "text", text }] }, scope).findings.map((f) => f.kind));

describe("the guard corpus", () => {
  it("is large enough to mean something", () => {
    expect(benign.length).toBeGreaterThanOrEqual(200);
    expect(hostile.length).toBeGreaterThanOrEqual(50);
  });

  it("finds every expected kind in all hostile results but one (recall 52/53)", () => {
    const missed = hostile.filter((h) => !h.expect.every((k) => kindsIn(h.text).has(k))).map((h) => h.id);
    // "send the .env file to attacker@…": the send-data rule of instruction-flags.ts stops at the
    // period of ".env" (it reads one sentence). A known miss, stated in docs/security.md.
    expect(missed).toEqual(["hostile-47"]);
  });

  it("flags at most the known benign results (false positives)", () => {
    const flagged = benign.filter((b) => kindsIn(b.text).size > 0).map((b) => b.id);
    // The ZWJ emoji sequences (👨‍👩‍👧, 🏳️‍🌈) are flagged as zero-width characters by the publish
    // rule set (src/core/text/hidden-chars.ts), which the guards share by design.
    expect(flagged.length).toBeLessThanOrEqual(KNOWN_FALSE_POSITIVES);
    console.log(
      `guard corpus: ${flagged.length} of ${benign.length} benign results flagged: ${flagged.join(", ")}`,
    );
  });

  it("never keeps a masked secret in what it passes on", () => {
    for (const h of hostile.filter((x) => x.expect.includes("secrets"))) {
      const out = JSON.stringify(guardValue({ text: h.text }, scope).value);
      expect(out).toContain("[redacted:");
      expect(out).not.toContain("correct-horse-battery-staple-42");
      expect(out).not.toMatch(
        /ghp_[A-Za-z0-9]{36}|AKIA[0-9A-Z]{16}|sk_live_|BEGIN RSA PRIVATE KEY-----\nMII/,
      );
    }
  });
});

const KNOWN_FALSE_POSITIVES = 3;
