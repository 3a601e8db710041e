import semver from "semver";
import { describe, expect, it } from "vitest";
import {
  importVersion,
  isPlaceholderVersion,
  mapCategories,
  toConnectorName,
  toCredentialKey,
  toVersion,
} from "../../../src/core/convert/naming.js";

describe("naming rule transformation", () => {
  it.each([
    ["mcp_code_executor", "mcp-code-executor"],
    ["SQLite", "sqlite"],
    ["Filesystem", "filesystem"],
    ["--Weird__Name--", "weird-name"],
    ["café.über", "cafe-uber"],
    ["a".repeat(70), "a".repeat(64)],
    [`${"a".repeat(63)}-b`, "a".repeat(63)],
    ["___", undefined],
    ["", undefined],
  ])("%s → %s", (input, expected) => expect(toConnectorName(input)).toBe(expected));
});

describe("version mapping", () => {
  it.each([
    ["1.2.3", "1.2.3"],
    ["0.0.1-seed", "0.0.1-seed"],
    ["v2.0.1", "2.0.1"],
    ["1.2", "1.2.0"],
    ["7", "7.0.0"],
    ["2025-01-31", "2025.1.31"],
    ["20250131", "2025.1.31"],
    ["latest", "0.0.0-upstream.latest"],
    ["1.2.3.4", "0.0.0-upstream.1.2.3.4"],
    ["release 01", "0.0.0-upstream.release.1"],
    [undefined, "0.0.0-upstream"],
  ])("%s → %s", (input, expected) => expect(toVersion(input)).toBe(expected));
});

describe("credential keys", () => {
  it.each([
    ["API_KEY", "API_KEY"],
    ["apiKey", "API_KEY"],
    ["--directory", "DIRECTORY"],
    ["uberall.access_token", "UBERALL_ACCESS_TOKEN"],
    ["PLUGIN_ROOT", "UPSTREAM_PLUGIN_ROOT"],
    ["1440", undefined],
  ])("%s → %s", (input, expected) => expect(toCredentialKey(input)).toBe(expected));
});

describe("categories", () => {
  it("maps what it can and keeps every upstream word as a keyword", () => {
    expect(mapCategories(["database", "devops", "Web-Scraping", "boating", "search"])).toEqual({
      categories: ["databases", "cloud", "browser-automation", "search"],
      keywords: ["database", "devops", "Web-Scraping", "boating", "search"],
      unmapped: ["boating"],
    });
  });
});

describe("importVersion (issue 32 #1: the importer's version scheme)", () => {
  const d1 = "0123456789abcdef0123";
  const d2 = "fedcba9876543210fedc";
  it("keeps an upstream release or prerelease; a converter's or the seed's placeholder is not one", () => {
    expect(isPlaceholderVersion("1.2.3")).toBe(false);
    expect(isPlaceholderVersion("2.0.0-beta.1")).toBe(false);
    for (const v of [
      "0.0.1-seed",
      "0.0.0-docker",
      "0.0.0-docker.g23fa0dd1a821",
      "0.0.0-upstream.latest",
      "x",
    ])
      expect(isPlaceholderVersion(v), v).toBe(true);
  });
  it("numbers contents per source tag, reuses a content's version, and orders above the older schemes", () => {
    expect(importVersion("0.0.0-docker.g23fa0dd1a821", d1, [])).toBe("0.0.1-docker.c0123456789ab");
    expect(importVersion("0.0.1-seed", d1, ["0.0.1-seed.c0123456789ab"])).toBe("0.0.1-seed.c0123456789ab");
    expect(importVersion("0.0.1-seed", d2, ["0.0.1-seed", "0.0.1-seed.c0123456789ab"])).toBe(
      "0.0.2-seed.cfedcba987654",
    );
    expect(importVersion("0.0.0-upstream", d2, ["0.0.9-docker.c0123456789ab"])).toBe(
      "0.0.1-upstream.cfedcba987654",
    );
    const ordered = [
      "0.0.0-docker.g23fa0dd1a821",
      "0.0.1-seed",
      importVersion("0.0.0-docker.gffffffffffff", d1, []),
      importVersion("0.0.1-seed", d1, []),
      importVersion("0.0.1-seed", d2, ["0.0.1-seed.c0123456789ab"]),
    ];
    expect(semver.gt(ordered[2]!, ordered[0]!)).toBe(true);
    expect(semver.gt(ordered[3]!, ordered[1]!)).toBe(true);
    expect(semver.gt(ordered[4]!, ordered[3]!)).toBe(true);
  });
});
