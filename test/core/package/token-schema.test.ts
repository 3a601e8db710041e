import { describe, expect, it } from "vitest";
import { validateTokenSchema } from "../../../src/core/package/token-schema.js";
import { found, tokenSchema } from "./fixtures.js";

const withProperty = (property: unknown, key = "TOKEN") => ({
  type: "object",
  properties: { [key]: property },
});

describe("validateTokenSchema", () => {
  it("accepts the design's example and the full fixture", () => {
    const tushare = {
      type: "object",
      properties: {
        TUSHARE_TOKEN: {
          type: "string",
          title: "Tushare token",
          description: "From tushare.pro → 个人主页 → 接口TOKEN",
          pattern: "^[0-9a-f]{56}$",
          secret: true,
        },
      },
      required: ["TUSHARE_TOKEN"],
      additionalProperties: false,
    };
    expect(validateTokenSchema(tushare)).toEqual({ schema: tushare, problems: [] });
    expect(validateTokenSchema(tokenSchema).problems).toEqual([]);
  });

  it("accepts its own schema URL as $schema, for editor help", () => {
    const json = {
      $schema: "https://connectory.dev/schemas/token-schema.schema.json",
      ...withProperty({ type: "string" }),
    };
    expect(validateTokenSchema(json).problems).toEqual([]);
  });

  it.each([
    ["not an object", [], "token-schema.root.type token-schema.json"],
    [
      "type not object",
      { type: "array", properties: {} },
      "token-schema.type.invalid token-schema.json/type",
    ],
    ["no properties", { type: "object" }, "token-schema.properties.missing token-schema.json/properties"],
    [
      "properties not an object",
      { type: "object", properties: [] },
      "token-schema.properties.type token-schema.json/properties",
    ],
    [
      "a lower-case key",
      withProperty({ type: "string" }, "api_key"),
      "token-schema.property.key.invalid token-schema.json/properties/api_key",
    ],
    [
      "a key starting with a digit",
      withProperty({ type: "string" }, "1KEY"),
      "token-schema.property.key.invalid token-schema.json/properties/1KEY",
    ],
    [
      "the reserved PLUGIN_ROOT",
      withProperty({ type: "string" }, "PLUGIN_ROOT"),
      "token-schema.property.key.invalid token-schema.json/properties/PLUGIN_ROOT",
    ],
    [
      "an unknown keyword in a property",
      withProperty({ type: "string", sensitive: true }),
      "token-schema.keyword.unknown token-schema.json/properties/TOKEN/sensitive",
    ],
    [
      "a $ref in a property",
      withProperty({ $ref: "#/x", type: "string" }),
      "token-schema.keyword.unknown token-schema.json/properties/TOKEN/$ref",
    ],
    [
      "an unknown top-level keyword",
      { ...withProperty({ type: "string" }), $defs: {} },
      "token-schema.keyword.unknown token-schema.json/$defs",
    ],
    [
      "an unsupported type",
      withProperty({ type: "array" }),
      "token-schema.property.type.unknown token-schema.json/properties/TOKEN/type",
    ],
    [
      "a missing type",
      withProperty({ title: "Token" }),
      "token-schema.property.type.missing token-schema.json/properties/TOKEN/type",
    ],
    [
      "secret not a boolean",
      withProperty({ type: "string", secret: "yes" }),
      "token-schema.property.secret.type token-schema.json/properties/TOKEN/secret",
    ],
    [
      "a pattern that is not a regex",
      withProperty({ type: "string", pattern: "([a-z" }),
      "token-schema.property.pattern.invalid token-schema.json/properties/TOKEN/pattern",
    ],
    [
      "a negative minLength",
      withProperty({ type: "string", minLength: -1 }),
      "token-schema.property.minLength.range token-schema.json/properties/TOKEN/minLength",
    ],
    [
      "a draft-04 $schema",
      { $schema: "http://json-schema.org/draft-04/schema#", ...withProperty({ type: "string" }) },
      "token-schema.$schema.unknown token-schema.json/$schema",
    ],
    [
      "required not an array",
      { ...withProperty({ type: "string" }), required: "TOKEN" },
      "token-schema.required.type token-schema.json/required",
    ],
  ])("reports %s", (_, json, expected) => {
    const result = validateTokenSchema(json);
    expect(found(result.problems)).toEqual([expected]);
    expect(result.schema).toBeUndefined();
  });

  it("names the allowed keywords when one is unknown", () => {
    const [problem] = validateTokenSchema(withProperty({ type: "string", sensitive: true })).problems;
    expect(problem!.message).toMatch(/"sensitive" is not an allowed keyword.*pattern.*secret/);
  });

  it.each([
    [
      "a required key that is not a property",
      { ...withProperty({ type: "string" }), required: ["TOKEN", "OTHER"] },
      "token-schema.required.unknown token-schema.json/required/1",
    ],
    [
      "a keyword ajv strict mode refuses for the type",
      withProperty({ type: "string", minimum: 1 }),
      "token-schema.strict token-schema.json",
    ],
    [
      "an unknown format",
      withProperty({ type: "string", format: "tushare-token" }),
      "token-schema.strict token-schema.json",
    ],
    [
      "a default of the wrong type",
      withProperty({ type: "integer", default: "2" }),
      "token-schema.property.default.invalid token-schema.json/properties/TOKEN/default",
    ],
    [
      "a default outside the enum",
      withProperty({ type: "string", enum: ["a"], default: "b" }),
      "token-schema.property.default.invalid token-schema.json/properties/TOKEN/default",
    ],
    [
      "an enum value of the wrong type",
      withProperty({ type: "integer", enum: [1, "2"] }),
      "token-schema.property.enum.invalid token-schema.json/properties/TOKEN/enum/1",
    ],
    [
      "minLength above maxLength",
      withProperty({ type: "string", minLength: 5, maxLength: 2 }),
      "token-schema.property.range token-schema.json/properties/TOKEN",
    ],
  ])("reports %s", (_, json, expected) => {
    const result = validateTokenSchema(json);
    expect(found(result.problems)).toEqual([expected]);
    expect(result.schema).toBeUndefined();
  });

  it("warns on a secret with a default (it would be published)", () => {
    const result = validateTokenSchema(withProperty({ type: "string", secret: true, default: "abc" }));
    expect(found(result.problems)).toEqual([
      "token-schema.property.secret-default token-schema.json/properties/TOKEN/default",
    ]);
    expect(result.problems[0]!.severity).toBe("warning");
    expect(result.schema).toBeDefined();
  });

  it("reports every bad property at once", () => {
    const json = {
      type: "object",
      properties: { a: { type: "string" }, B: { type: "x" }, C: { type: "string", foo: 1 } },
    };
    expect(
      validateTokenSchema(json)
        .problems.map((p) => p.code)
        .sort(),
    ).toEqual([
      "token-schema.keyword.unknown",
      "token-schema.property.key.invalid",
      "token-schema.property.type.unknown",
    ]);
  });
});

describe("validateTokenSchema across packages", () => {
  it("accepts two different schemas with the same $id (compilations do not collide)", () => {
    const a = { $id: "https://acme.example/token-schema.json", ...withProperty({ type: "string" }) };
    const b = { $id: "https://acme.example/token-schema.json", ...withProperty({ type: "integer" }) };
    expect(validateTokenSchema(a).problems).toEqual([]);
    expect(validateTokenSchema(b).problems).toEqual([]);
  });
});
