import { describe, expect, it } from "vitest";
import mcpSchema from "../../../schemas/mcp.schema.json" with { type: "json" };
import pluginSchema from "../../../schemas/plugin.schema.json" with { type: "json" };
import tokenSchemaSchema from "../../../schemas/token-schema.schema.json" with { type: "json" };
import { createAjv, schemasAjv } from "../../../src/core/package/ajv.js";
import { CATEGORIES } from "../../../src/core/types.js";
import { manifest, mcp, tokenSchema } from "./fixtures.js";

// Publishers point their editors at these files; the validator uses the same ones.
const schemas = [
  ["plugin.schema.json", pluginSchema, manifest],
  ["mcp.schema.json", mcpSchema, mcp],
  ["token-schema.schema.json", tokenSchemaSchema, tokenSchema],
] as const;

describe("schemas/", () => {
  it.each(schemas)("%s is a draft 2020-12 schema with $id, title and description", (file, schema) => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toBe(`https://connectory.dev/schemas/${file}`);
    expect(schema.title).toBeTruthy();
    expect(schema.description).toBeTruthy();
    expect(createAjv().validateSchema(schema)).toBe(true);
  });

  it.each(schemas)("%s accepts the valid fixture, as an editor would", (_, schema, document) => {
    const validate = schemasAjv().getSchema(schema.$id)!;
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it("lists exactly the categories of docs/package-format.md", () => {
    expect(pluginSchema.properties.categories.items.enum).toEqual([...CATEGORIES]);
  });

  it("rejects the flat mcp.json shape in editors (the validator still reads it)", () => {
    expect(schemasAjv().getSchema(mcpSchema.$id)!(mcp.mcpServers)).toBe(false);
  });
});
