import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCredentials } from "../../src/core/credential-check.js";
import { validateWithAjv } from "../../src/core/credentials.js";
import type { Credentials, TokenProperty, TokenSchema } from "../../src/core/types.js";

// checkCredentials must say exactly what ajv says (credentials.ts), for every schema it accepts.

const KEYS = ["A", "TOKEN", "X_1"];
const scalar = fc.oneof(
  fc.constantFrom("eu", "us", "", "1", "é"),
  fc.constantFrom(0, 1, 2.5, -3),
  fc.boolean(),
);
const property: fc.Arbitrary<TokenProperty> = fc
  .record(
    {
      type: fc.constantFrom("string", "number", "integer", "boolean") as fc.Arbitrary<TokenProperty["type"]>,
      title: fc.constantFrom("Token", "Région"),
      description: fc.constant("Where to find it"),
      default: scalar,
      enum: fc.uniqueArray(scalar, { minLength: 1, maxLength: 4 }),
      secret: fc.boolean(),
      pattern: fc.constantFrom("^[a-z]+$", "^\\d{2}$", "é", "^.{2}$", "[0-9]"),
      minLength: fc.integer({ min: 0, max: 4 }),
      maxLength: fc.integer({ min: 0, max: 4 }),
      minimum: fc.constantFrom(-2, 0, 1.5, 3),
      maximum: fc.constantFrom(0, 2, 10),
    },
    { requiredKeys: ["type"] },
  )
  .map((p) => {
    // Keep each keyword on a type it applies to (anything else is for ajv to refuse, tested below).
    const { pattern, minLength, maxLength, minimum, maximum, ...rest } = p;
    if (p.type === "string") return { ...rest, pattern, minLength, maxLength };
    if (p.type === "number" || p.type === "integer") return { ...rest, minimum, maximum };
    return rest;
  })
  .map(
    (p) =>
      Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as unknown as TokenProperty,
  );

const schemaArb: fc.Arbitrary<TokenSchema> = fc
  .record({
    properties: fc.dictionary(fc.constantFrom(...KEYS), property, { minKeys: 1 }),
    required: fc.subarray(KEYS),
    additionalProperties: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ properties, required, additionalProperties }) => ({
    type: "object" as const,
    properties,
    required: required.filter((k) => k in properties),
    ...(additionalProperties === undefined ? {} : { additionalProperties }),
  }));

const valueArb = fc.oneof(
  fc.constantFrom("", "1", " 2 ", "1.5", "-3", "1e2", "true", "FALSE", "abc", "é", "😀😀", "ab", "12", "us"),
  fc.string({ maxLength: 5 }),
  fc.constantFrom(0, 1, 1.5, -2, 11, Number.NaN, Infinity),
  fc.boolean(),
);
const valuesArb: fc.Arbitrary<Credentials> = fc.dictionary(
  fc.constantFrom(...KEYS, "OTHER", "__proto__", "constructor"),
  valueArb,
);

describe("checkCredentials", () => {
  it("reports exactly what ajv reports, for every schema of the docs/package-format.md keywords", () => {
    fc.assert(
      fc.property(schemaArb, valuesArb, (schema, values) => {
        const fast = checkCredentials(schema, values);
        expect(fast).toBeDefined(); // every such schema is checked without ajv
        expect(fast).toEqual(validateWithAjv(schema, values));
      }),
      { numRuns: 400 },
    );
  });

  it("agrees on hand-picked corner cases (surrogate pairs, deferred type errors, integers)", () => {
    const cases: Array<[TokenProperty, unknown[]]> = [
      [{ type: "string", maxLength: 2, minLength: 2 }, ["😀😀", "😀", "\ud83d", "abc", 5]],
      [{ type: "string", pattern: "^.$", enum: ["x", "😀"] }, ["😀", "y", 1, true]],
      [{ type: "number", minimum: 1, enum: [1, 2] }, [0, "x", 3, true, Number.NaN]],
      [{ type: "integer", maximum: 2 }, [1.5, 3, 2.5, "x", Infinity]],
      [{ type: "boolean", enum: [true] }, [false, "true", 1]],
    ];
    for (const [p, list] of cases) {
      const schema: TokenSchema = { type: "object", properties: { K: p }, additionalProperties: false };
      for (const v of list) {
        const values = { K: v } as Credentials;
        expect(checkCredentials(schema, values), `${JSON.stringify(p)} ${String(v)}`).toEqual(
          validateWithAjv(schema, values),
        );
      }
    }
  });

  it.each([
    ["a format", { type: "string", format: "email" }],
    ["an unknown keyword", { type: "string", "x-hint": 1 }],
    ["a number keyword on a string", { type: "string", minimum: 1 }],
    ["a string keyword on a boolean", { type: "boolean", pattern: "x" }],
    ["an invalid pattern", { type: "string", pattern: "([" }],
    ["a \\Z anchor", { type: "string", pattern: "a\\Z" }],
    ["an empty enum", { type: "string", enum: [] }],
    ["a duplicate enum value", { type: "string", enum: ["a", "a"] }],
    ["a fractional minLength", { type: "string", minLength: 1.5 }],
    ["a union type", { type: ["string", "number"] }],
  ])("leaves a schema with %s to ajv", (_, p) => {
    const schema = { type: "object", properties: { K: p } } as unknown as TokenSchema;
    expect(checkCredentials(schema, { K: "x" })).toBeUndefined();
  });

  it.each([
    ["an undeclared required key", { required: ["B"] }],
    ["a duplicate required key", { required: ["K", "K"] }],
    ["a schema for additionalProperties", { additionalProperties: { type: "string" } }],
    ["an unknown top-level keyword", { minProperties: 1 }],
    ["no type", { type: undefined }],
  ])("leaves %s to ajv", (_, extra) => {
    const schema = {
      type: "object",
      properties: { K: { type: "string" } },
      ...extra,
    } as unknown as TokenSchema;
    expect(checkCredentials(schema, { K: "x" })).toBeUndefined();
  });

  it("accepts the lower-case or odd keys ajv allows only through ajv", () => {
    const schema = { type: "object", properties: { lower: { type: "string" } } } as unknown as TokenSchema;
    expect(checkCredentials(schema, {})).toBeUndefined();
    expect(validateWithAjv(schema, { lower: "x" }).ok).toBe(true);
  });
});
