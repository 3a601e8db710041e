import { describe, expect, it } from "vitest";
import { validateManifest } from "../../../src/core/package/plugin-manifest.js";
import { validatePackage } from "../../../src/core/package/validate-package.js";
import { bytes, found, manifest, withFiles } from "./fixtures.js";

const check = (i18n: unknown) => validateManifest({ ...manifest, i18n });
const zh = { displayName: "行情", description: "中国 A 股行情数据。", readme: "README.zh-CN.md" };

describe("plugin.json i18n", () => {
  it("accepts translations by language tag and keeps them in the manifest", () => {
    const i18n = { "zh-CN": zh, ja: { description: "日本語の説明" }, "zh-Hant-TW": { displayName: "行情" } };
    const result = check(i18n);
    expect(result.problems).toEqual([]);
    expect(result.manifest?.i18n).toEqual(i18n);
  });

  it.each([
    ["not an object", ["zh-CN"], "manifest.i18n.type plugin.json/i18n"],
    [
      "a tag that is not a language tag",
      { chinese: { description: "x" } },
      "manifest.i18n.key.invalid plugin.json/i18n/chinese",
    ],
    [
      "a lower-case region",
      { "zh-cn": { description: "x" } },
      "manifest.i18n.key.invalid plugin.json/i18n/zh-cn",
    ],
    ["an empty language", { "zh-CN": {} }, "manifest.i18n.invalid plugin.json/i18n/zh-CN"],
    ["a language that is not an object", { "zh-CN": "天气" }, "manifest.i18n.type plugin.json/i18n/zh-CN"],
    [
      "a description over 300 characters",
      { "zh-CN": { description: "长".repeat(301) } },
      "manifest.i18n.description.too-long plugin.json/i18n/zh-CN/description",
    ],
    [
      "an empty displayName",
      { "zh-CN": { displayName: "" } },
      "manifest.i18n.displayName.too-short plugin.json/i18n/zh-CN/displayName",
    ],
    [
      "a displayName over 100 characters",
      { ja: { displayName: "名".repeat(101) } },
      "manifest.i18n.displayName.too-long plugin.json/i18n/ja/displayName",
    ],
    [
      "a line break in a description",
      { "zh-CN": { description: "一\n二" } },
      "manifest.i18n.description.control plugin.json/i18n/zh-CN/description",
    ],
    [
      "a README that is not Markdown",
      { "zh-CN": { readme: "README.txt" } },
      "manifest.i18n.readme.invalid plugin.json/i18n/zh-CN/readme",
    ],
    [
      "a README outside the package",
      { "zh-CN": { readme: "../README.md" } },
      "manifest.i18n.readme.path plugin.json/i18n/zh-CN/readme",
    ],
    [
      "too many languages",
      Object.fromEntries(
        Array.from({ length: 21 }, (_, i) => [`l${String.fromCharCode(97 + i)}`, { description: "x" }]),
      ),
      "manifest.i18n.too-many plugin.json/i18n",
    ],
  ])("reports %s", (_, i18n, expected) => {
    const { problems, manifest: m } = check(i18n);
    expect(found(problems)).toEqual([expected]);
    expect(problems[0]!.severity).toBe("error");
    expect(m).not.toHaveProperty("i18n");
  });

  it("warns on an unknown key inside a language", () => {
    const { problems } = check({ "zh-CN": { title: "天气" } });
    expect(found(problems)).toEqual(["manifest.key.unknown plugin.json/i18n/zh-CN/title"]);
    expect(problems[0]!.severity).toBe("warning");
  });

  it("reads the translated README the manifest names into the package", () => {
    const files = withFiles({
      "plugin.json": { ...manifest, i18n: { "zh-CN": zh } },
      "README.zh-CN.md": "# 行情\n\n数据。\n",
    });
    const report = validatePackage(files, { strict: true });
    expect(report.problems).toEqual([]);
    expect(report.package?.readmes).toEqual({ "zh-CN": "# 行情\n\n数据。\n" });
  });

  it.each([
    ["missing", undefined, "manifest.i18n.readme.missing plugin.json/i18n/zh-CN/readme"],
    ["not UTF-8", new Uint8Array([0xff, 0xfe, 0x41]), "readme.encoding.invalid README.zh-CN.md"],
    ["over 256 KiB", "长".repeat(90_000), "readme.file.too-large README.zh-CN.md"],
    ["hiding a character", "# 行情\u202e\n", "readme.text.hidden README.zh-CN.md"],
  ])("refuses a translated README that is %s", (_, content, expected) => {
    const files = withFiles({
      "plugin.json": { ...manifest, i18n: { "zh-CN": zh } },
      "README.zh-CN.md": content instanceof Uint8Array || content === undefined ? content : bytes(content),
    });
    const report = validatePackage(files);
    expect(found(report.problems.filter((p) => p.severity === "error"))).toEqual([expected]);
    expect(report.ok).toBe(false);
    expect(report.package?.readmes).toBeUndefined();
  });
});
