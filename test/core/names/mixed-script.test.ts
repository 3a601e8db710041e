import { describe, expect, it } from "vitest";
import { mixedScript } from "../../../src/core/names/mixed-script.js";
import { validateManifest } from "../../../src/core/package/plugin-manifest.js";
import { manifest } from "../package/fixtures.js";

// Issue 31 #12: a Latin display name with one letter of another script (Cyrillic о, Armenian օ,
// Cherokee Ꭰ) reads as Latin. UTS #39 §5.2 Highly Restrictive: one script, or Latin with Han and the
// Japanese, Korean or Bopomofo scripts; §5.3: one numbering system.

describe("mixedScript (UTS #39 §5)", () => {
  it.each([
    ["Cl\u043eudMail", ["Latin", "Cyrillic"], "\u043e"], // Cyrillic о
    ["dr\u0585pbox", ["Latin", "Armenian"], "\u0585"], // Armenian օ
    ["\u13a0ropbox", ["Cherokee", "Latin"], "r"], // Cherokee Ꭰ first: the Latin r breaks the mix
    ["Weather \u03a1ro", ["Latin", "Greek"], "\u03a1"], // Greek Ρ
    ["\u041f\u043e\u0433\u043e\u0434\u0430 Weather", ["Cyrillic", "Latin"], "W"],
    ["Gmail \u0e44\u0e17\u0e22", ["Latin", "Thai"], "\u0e44"],
  ])("refuses %j: mixes %j at %j", (text, scripts, character) => {
    expect(mixedScript(text)).toEqual({ scripts, character, kind: "scripts" });
  });

  it("refuses digits of two numbering systems", () => {
    expect(mixedScript("\u{1d7d9}2")).toEqual({
      scripts: ["digits from U+1D7D8", "ASCII digits"],
      character: "2",
      kind: "digits",
    });
  });

  it.each([
    "CloudMail (official)",
    "Weather 2024",
    "M\u00e9t\u00e9o",
    "\u041f\u043e\u0433\u043e\u0434\u0430", // all Cyrillic
    "\u039a\u03b1\u03b9\u03c1\u03cc\u03c2", // all Greek
    "M\u00e9t\u00e9o \u5929\u6c14", // Latin + Han
    "ChatGPT \u65e5\u672c\u8a9e \u3072\u3089\u304c\u306a \u30ab\u30bf\u30ab\u30ca", // Latin + Japanese
    "\ud55c\uad6d\uc5b4 Weather \u97d3\u570b", // Hangul + Latin + Han
    "\u3105\u3106 \u4e2d\u6587 abc", // Bopomofo + Han + Latin
    "\u{1f680} Rocket", // emoji are Common
    "Dr\u1d0fpbox", // a Latin small capital is Latin: the skeleton catches it, not this rule
  ])("accepts %j", (text) => {
    expect(mixedScript(text)).toBeUndefined();
  });

  it("refuses Latin with Hangul and Japanese together (no allowed mix holds all three)", () => {
    expect(mixedScript("abc \ud55c \u3072")?.scripts).toEqual(["Latin", "Hangul", "Hiragana"]);
  });
});

describe("plugin.json display names", () => {
  it("refuses a mixed-script displayName with a message naming the scripts, the character and the fix", () => {
    const { problems } = validateManifest({ ...manifest, displayName: "Cl\u043eud Mail" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: "manifest.displayName.mixed-script",
      severity: "error",
      file: "plugin.json",
      path: "/displayName",
    });
    expect(problems[0]!.message).toContain("mixes Latin and Cyrillic");
    expect(problems[0]!.message).toContain("U+043E");
    expect(problems[0]!.message).toContain("write it in one script");
  });

  it("refuses a mixed-script translated displayName; a translation in its own script passes", () => {
    const i18n = (displayName: string) => ({ ru: { displayName } });
    expect(
      validateManifest({ ...manifest, i18n: i18n("\u041f\u043e\u0433\u043e\u0434\u0430 Weather") }).problems,
    ).toMatchObject([{ code: "manifest.i18n.displayName.mixed-script", path: "/i18n/ru/displayName" }]);
    expect(
      validateManifest({ ...manifest, i18n: i18n("\u041f\u043e\u0433\u043e\u0434\u0430") }).problems,
    ).toEqual([]);
  });
});
