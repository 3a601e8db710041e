import { describe, expect, it } from "vitest";
import { checkReportBody } from "../../../src/core/quality/report-body.js";
import { readQuality } from "../../../src/core/quality/read-quality.js";
import { qualityLines } from "../../../src/core/quality/quality-lines.js";

// What a client keeps of a `quality` object another registry sends, and the one check of a report body.

const ITEM = {
  id: "package.readme",
  group: "package",
  pass: false,
  points: 0,
  max: 8,
  reason: "no README",
  fix: "write one",
};

describe("readQuality", () => {
  it("keeps the documented shape", () => {
    const q = readQuality({ score: 42, formula: 1, computedAt: "t", version: "1.0.0", items: [ITEM] });
    expect(q).toEqual({ score: 42, formula: 1, computedAt: "t", version: "1.0.0", items: [ITEM] });
    expect(qualityLines(q!)).toEqual([
      "quality: 42/100 (docs/quality.md)",
      "  package 0/8",
      "    ✗ no README (0/8)",
      "      to raise it: write one",
    ]);
  });

  it("drops what a hostile or broken registry sends instead", () => {
    for (const raw of [
      null,
      42,
      "100",
      [],
      { score: 101, items: [] },
      { score: -1, items: [] },
      { score: NaN, items: [] },
      { score: 5 },
    ])
      expect(readQuality(raw)).toBeUndefined();
    const q = readQuality({
      score: 50,
      items: [
        ITEM,
        { ...ITEM, group: "made-up" },
        { ...ITEM, points: 1e9 },
        { ...ITEM, reason: 7 },
        "nope",
        { ...ITEM, id: "x".repeat(10_000), reason: "r".repeat(10_000) },
        ...Array.from({ length: 500 }, () => ITEM),
      ],
      check: { status: "up", checkedAt: "t", latencyMs: -5, kind: "evil", toolCount: 3 },
    })!;
    expect(q.items.length).toBeLessThanOrEqual(64);
    expect(q.items.every((i) => i.group === "package" && i.points <= 100 && i.reason.length <= 500)).toBe(
      true,
    );
    expect(q.check).toEqual({ status: "up", checkedAt: "t", kind: "remote", toolCount: 3 });
    expect(
      readQuality({ score: 1, items: [], check: { status: "hacked", checkedAt: "t" } })!.check,
    ).toBeUndefined();
  });
});

describe("checkReportBody", () => {
  it("accepts the four kinds and a trimmed message with newlines", () => {
    for (const kind of ["broken", "malicious", "spam", "impersonation"])
      expect(checkReportBody({ kind, message: "  two\nlines of it\t " })).toEqual({
        kind,
        message: "two\nlines of it",
      });
  });

  it.each([
    [undefined, "report.kind.invalid"],
    ["text", "report.kind.invalid"],
    [{ kind: "__proto__", message: "long enough text" }, "report.kind.invalid"],
    [{ kind: "spam", message: "line \u2028 separator here" }, "report.message.invalid"],
    [{ kind: "spam", message: "         " }, "report.message.invalid"],
    [{ kind: "spam", message: ["long enough text"] }, "report.message.invalid"],
  ])("refuses %j with %s", (body, code) => {
    expect(() => checkReportBody(body)).toThrow(expect.objectContaining({ code, status: 400 }));
  });
});
