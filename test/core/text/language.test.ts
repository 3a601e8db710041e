import { describe, expect, it } from "vitest";
import {
  acceptedLanguage,
  fillMessage,
  localizedText,
  supportedLanguage,
} from "../../../src/core/text/language.js";

describe("supportedLanguage", () => {
  it.each([
    ["zh", "zh-CN"],
    ["zh-CN", "zh-CN"],
    ["zh_CN.UTF-8", "zh-CN"],
    ["zh-Hans-SG", "zh-CN"],
    ["zh-TW", "zh-CN"],
    ["en_US.UTF-8", "en"],
    ["C", "en"],
    ["POSIX", "en"],
    ["C.UTF-8", "en"],
    ["fr_FR.UTF-8", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%s → %s", (tag, lang) => {
    expect(supportedLanguage(tag)).toBe(lang);
  });
});

describe("acceptedLanguage", () => {
  it.each([
    ["zh-CN,zh;q=0.9,en;q=0.8", "zh-CN"],
    ["en-US,en;q=0.9,zh-CN;q=0.8", "en"],
    ["fr-FR, de;q=0.9, zh;q=0.5", "zh-CN"],
    ["en;q=0.1, zh-TW;q=0.6", "zh-CN"],
    ["zh;q=0, en", "en"],
    ["*", undefined],
    ["fr", undefined],
    ["garbage;;;q=x,,", undefined],
    ["", undefined],
    [`${"x,".repeat(10_000)}zh`, undefined],
  ])("%s → %s", (header, lang) => {
    expect(acceptedLanguage(header)).toBe(lang);
  });
});

describe("localizedText", () => {
  const i18n = { "zh-CN": { description: "股票" }, ja: { displayName: "株" } };
  it("reads the exact tag, else the same primary language, else nothing", () => {
    expect(localizedText(i18n, "zh-CN")).toEqual({ description: "股票" });
    expect(localizedText({ "zh-Hans": { description: "简" } }, "zh-CN")).toEqual({ description: "简" });
    expect(localizedText({ ja: { description: "株" } }, "zh-CN")).toEqual({});
    expect(localizedText(i18n, "en")).toEqual({});
    expect(localizedText(undefined, "zh-CN")).toEqual({});
  });
});

describe("fillMessage", () => {
  it("fills placeholders and leaves unknown ones", () => {
    expect(fillMessage("{n} of {total}", { n: 1, total: 3 })).toBe("1 of 3");
    expect(fillMessage("{x} {__proto__}", {})).toBe("{x} {__proto__}");
  });
});
