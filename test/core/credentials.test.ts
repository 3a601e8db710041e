import { describe, expect, it } from "vitest";
import { validateCredentials } from "../../src/core/credentials.js";
import { redact, secretKeys } from "../../src/core/secrets.js";
import { isConnectoryError } from "../../src/core/errors.js";
import type { TokenSchema } from "../../src/core/types.js";

const schema: TokenSchema = {
  type: "object",
  properties: {
    TUSHARE_TOKEN: { type: "string", title: "Tushare token", pattern: "^[0-9a-f]{56}$", secret: true },
    RETRIES: { type: "integer", minimum: 0, maximum: 5, default: 2 },
    RATE: { type: "number" },
    DEBUG: { type: "boolean", default: false },
    REGION: { type: "string", enum: ["eu", "us"] },
    EMAIL: { type: "string", format: "email" },
  },
  required: ["TUSHARE_TOKEN"],
  additionalProperties: false,
};
const token = "0123456789abcdef".repeat(3) + "01234567";

describe("validateCredentials", () => {
  it("accepts valid values, coercing strings and applying defaults", () => {
    const result = validateCredentials(schema, { TUSHARE_TOKEN: token, RATE: "1.5", REGION: "eu" });
    expect(result).toEqual({
      ok: true,
      problems: [],
      values: { TUSHARE_TOKEN: token, RATE: 1.5, REGION: "eu", RETRIES: 2, DEBUG: false },
    });
  });

  it.each([
    ["RETRIES", "3", 3],
    ["RETRIES", " 4 ", 4],
    ["RATE", "-2.5e1", -25],
    ["DEBUG", "true", true],
    ["DEBUG", "FALSE", false],
    ["RETRIES", 1, 1],
  ])("coerces %s=%j to %j", (key, value, expected) => {
    const result = validateCredentials(schema, { TUSHARE_TOKEN: token, [key]: value });
    expect(result.ok).toBe(true);
    expect(result.values[key]).toBe(expected);
  });

  it("names the field, never the value, when a pattern fails", () => {
    const secret = "not-a-real-token-but-secret";
    const result = validateCredentials(schema, { TUSHARE_TOKEN: secret });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      {
        code: "credentials.pattern",
        severity: "error",
        file: "credentials",
        path: "/TUSHARE_TOKEN",
        message: expect.stringContaining("TUSHARE_TOKEN (Tushare token)"),
      },
    ]);
    expect(JSON.stringify(result.problems)).not.toContain(secret);
  });

  const t = { TUSHARE_TOKEN: token };
  it.each([
    ["a missing required key", { RETRIES: 1 }, "credentials.missing /TUSHARE_TOKEN"],
    ["an empty required key", { TUSHARE_TOKEN: "" }, "credentials.missing /TUSHARE_TOKEN"],
    ["a non-number", { ...t, RATE: "fast" }, "credentials.type /RATE"],
    ["a fraction for an integer", { ...t, RETRIES: "1.5" }, "credentials.type /RETRIES"],
    ["a non-boolean", { ...t, DEBUG: "yes" }, "credentials.type /DEBUG"],
    ["a number out of range", { ...t, RETRIES: "9" }, "credentials.maximum /RETRIES"],
    ["a value outside the enum", { ...t, REGION: "asia" }, "credentials.enum /REGION"],
    ["a bad email", { ...t, EMAIL: "nope" }, "credentials.format /EMAIL"],
    ["an unknown key", { ...t, OTHER: "x" }, "credentials.unknown /OTHER"],
  ])("reports %s", (_, values, expected) => {
    const result = validateCredentials(schema, values);
    expect(result.problems.map((p) => `${p.code} ${p.path}`)).toEqual([expected]);
    expect(result.ok).toBe(false);
  });

  it("reports every field at once", () => {
    const result = validateCredentials(schema, { RATE: "x", DEBUG: "y" });
    expect(result.problems.map((p) => p.path).sort()).toEqual(["/DEBUG", "/RATE", "/TUSHARE_TOKEN"]);
  });

  it("does not change the values passed in", () => {
    const values = { TUSHARE_TOKEN: token, RETRIES: "3" };
    validateCredentials(schema, values);
    expect(values).toEqual({ TUSHARE_TOKEN: token, RETRIES: "3" });
  });

  it("throws token-schema.invalid for a schema ajv cannot compile", () => {
    const bad = { type: "object", properties: { A: { type: "string", pattern: "([" } } } as TokenSchema;
    let error: unknown;
    try {
      validateCredentials(bad, {});
    } catch (e) {
      error = e;
    }
    expect(isConnectoryError(error) && error.code).toBe("token-schema.invalid");
  });

  it("validates against many different schemas (the compile cache recycles)", () => {
    for (let i = 0; i < 150; i++) {
      const s: TokenSchema = {
        type: "object",
        properties: { K: { type: "integer", minimum: i } },
        required: ["K"],
      };
      expect(validateCredentials(s, { K: String(i) }).ok).toBe(true);
      expect(validateCredentials(s, { K: String(i - 1) }).ok).toBe(false);
    }
  });
});

describe("secretKeys", () => {
  it("lists the keys marked secret", () => {
    expect(secretKeys(schema)).toEqual(["TUSHARE_TOKEN"]);
    expect(secretKeys(undefined)).toEqual([]);
  });
});

describe("redact", () => {
  it("replaces every occurrence of every secret", () => {
    expect(redact("token=abc; again abc; key xyz", ["abc", "xyz"])).toBe("token=***; again ***; key ***");
  });

  it("hides a secret URL whole, and URL-encoded secrets", () => {
    const url = "https://api.tushare.pro/mcp?token=a b";
    expect(redact(`GET ${url} failed`, ["a b", url])).toBe("GET *** failed");
    expect(redact("GET https://x/?t=a%20b", ["a b"])).toBe("GET https://x/?t=***");
  });

  it("ignores empty secrets and leaves text without secrets alone", () => {
    expect(redact("nothing here", ["", "zzz"])).toBe("nothing here");
  });
});

describe("validateCredentials with hostile keys", () => {
  it.each(["__proto__", "constructor", "toString"])(
    "reports %s as an unknown key and pollutes nothing",
    (key) => {
      const values = JSON.parse(`{"TUSHARE_TOKEN":"${token}","${key}":"x"}`) as Record<string, string>;
      const result = validateCredentials(schema, values);
      expect(result.problems.map((p) => `${p.code} ${p.path}`)).toEqual([`credentials.unknown /${key}`]);
      expect(Object.getPrototypeOf(result.values)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>)["x"]).toBeUndefined();
    },
  );
});
