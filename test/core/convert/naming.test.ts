import { describe, expect, it } from "vitest";
import {
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
