import { describe, expect, it } from "vitest";
import { validateManifest } from "../../../src/core/package/plugin-manifest.js";
import { found, manifest } from "./fixtures.js";

const check = (changes: Record<string, unknown>) => validateManifest({ ...manifest, ...changes });

describe("validateManifest", () => {
  it("accepts the full manifest and drops $schema", () => {
    const { manifest: m, problems } = validateManifest(manifest);
    expect(problems).toEqual([]);
    expect(m).toEqual(Object.fromEntries(Object.entries(manifest).filter(([k]) => k !== "$schema")));
  });

  it.each([
    ["bad name (upper case)", { name: "Tushare" }, "manifest.name.invalid plugin.json/name"],
    ["bad name (leading hyphen)", { name: "-x" }, "manifest.name.invalid plugin.json/name"],
    ["bad name (65 chars)", { name: "a".repeat(65) }, "manifest.name.invalid plugin.json/name"],
    ["name of wrong type", { name: 42 }, "manifest.name.type plugin.json/name"],
    ["bad semver (leading v)", { version: "v1.0.0" }, "manifest.version.invalid plugin.json/version"],
    ["bad semver (two parts)", { version: "1.0" }, "manifest.version.invalid plugin.json/version"],
    ["bad semver (leading zero)", { version: "01.0.0" }, "manifest.version.invalid plugin.json/version"],
    [
      "too-long description",
      { description: "é".repeat(301) },
      "manifest.description.too-long plugin.json/description",
    ],
    ["empty description", { description: "" }, "manifest.description.too-short plugin.json/description"],
    [
      "NUL in description",
      { description: "a\u0000b" },
      "manifest.description.control plugin.json/description",
    ],
    [
      "terminal escape in displayName",
      { displayName: "\u001b[31mRed" },
      "manifest.displayName.control plugin.json/displayName",
    ],
    [
      "line break in description",
      { description: "a\nb" },
      "manifest.description.control plugin.json/description",
    ],
    ["bad publisher", { publisher: "Acme Inc" }, "manifest.publisher.invalid plugin.json/publisher"],
    [
      "unknown category",
      { categories: ["finance", "stocks"] },
      "manifest.categories.unknown plugin.json/categories/1",
    ],
    [
      "duplicate category",
      { categories: ["finance", "finance"] },
      "manifest.categories.duplicate plugin.json/categories",
    ],
    ["keywords not an array", { keywords: "a,b" }, "manifest.keywords.type plugin.json/keywords"],
    ["keyword not a string", { keywords: ["a", 1] }, "manifest.keywords.type plugin.json/keywords/1"],
    [
      "defaultEnabled not a boolean",
      { defaultEnabled: "yes" },
      "manifest.defaultEnabled.type plugin.json/defaultEnabled",
    ],
    [
      "homepage not http(s)",
      { homepage: "ftp://x.example" },
      "manifest.homepage.invalid plugin.json/homepage",
    ],
    ["bad license", { license: "MIT; rm -rf /" }, "manifest.license.invalid plugin.json/license"],
    [
      "bad engines range",
      { engines: { connectory: "not a range" } },
      "manifest.engines.connectory.invalid plugin.json/engines/connectory",
    ],
    ["icon not png/svg", { icon: "logo.gif" }, "manifest.icon.invalid plugin.json/icon"],
    ["icon outside the package", { icon: "../logo.svg" }, "manifest.icon.path plugin.json/icon"],
  ])("reports %s", (_, changes, expected) => {
    const { problems } = check(changes);
    expect(found(problems)).toEqual([expected]);
    expect(problems[0]!.severity).toBe("error");
  });

  it.each([
    ["name", "manifest.name.missing plugin.json/name"],
    ["version", "manifest.version.missing plugin.json/version"],
    ["description", "manifest.description.missing plugin.json/description"],
    ["publisher", "manifest.publisher.missing plugin.json/publisher"],
  ])("reports a missing %s and returns no manifest", (key, expected) => {
    const { [key]: _gone, ...rest } = manifest as Record<string, unknown>;
    const result = validateManifest(rest);
    expect(found(result.problems)).toEqual([expected]);
    expect(result.manifest).toBeUndefined();
  });

  it.each([[null], [[]], ["plugin"], [42]])("reports a non-object document %j", (json) => {
    expect(found(validateManifest(json).problems)).toEqual(["manifest.root.type plugin.json"]);
  });

  it("warns on unknown keys and keeps them out of the manifest", () => {
    const result = check({ author: { name: "GitHub" }, mcpServers: {} });
    expect(found(result.problems)).toEqual([
      "manifest.key.unknown plugin.json/author",
      "manifest.key.unknown plugin.json/mcpServers",
    ]);
    expect(result.problems.every((p) => p.severity === "warning")).toBe(true);
    expect(result.manifest).not.toHaveProperty("author");
  });

  it("keeps malformed optional fields out of the manifest it returns", () => {
    const result = check({ keywords: "a,b" });
    expect(result.manifest?.name).toBe("acme-quotes");
    expect(result.manifest).not.toHaveProperty("keywords");
  });

  it("accepts prerelease and build semver and SPDX expressions", () => {
    expect(check({ version: "2.0.0-beta.1+build.5", license: "(MIT OR Apache-2.0)" }).problems).toEqual([]);
  });

  it("writes messages a publisher can act on", () => {
    const [name, version, description] = check({
      name: "Bad_Name",
      version: "1.0",
      description: "x".repeat(400),
    }).problems;
    expect(name!.message).toContain('"Bad_Name"');
    expect(name!.message).toMatch(/lower-case letters, digits and hyphens/);
    expect(version!.message).toMatch(/like 1\.0\.0/);
    expect(description!.message).toMatch(/400 characters.*at most 300/);
  });

  it("reads the Claude Code plugin.json with warnings and missing fields", async () => {
    const claude = (
      await import("../../fixtures/real-world/claude-plugin-github.plugin.json", { with: { type: "json" } })
    ).default;
    expect(found(validateManifest(claude).problems)).toEqual([
      "manifest.version.missing plugin.json/version",
      "manifest.publisher.missing plugin.json/publisher",
      "manifest.key.unknown plugin.json/author",
    ]);
  });
});
