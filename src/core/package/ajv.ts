import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import mcpSchema from "../../../schemas/mcp.schema.json" with { type: "json" };
import pluginSchema from "../../../schemas/plugin.schema.json" with { type: "json" };
import tokenSchemaSchema from "../../../schemas/token-schema.schema.json" with { type: "json" };

/** An ajv for draft 2020-12 in strict mode, with formats and the registered `secret` keyword (docs/package-format.md). */
export function createAjv(options: { verbose?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    verbose: options.verbose ?? false,
  });
  addFormats.default(ajv);
  // A folder the user chooses (a filesystem grant of plugin.json `permissions` may name it): an
  // absolute POSIX or Windows path.
  ajv.addFormat("directory", /^(\/|[A-Za-z]:[\\/])/);
  // `secret` is an annotation: it changes nothing in validation, only how values are shown.
  ajv.addKeyword({ keyword: "secret", schemaType: "boolean" });
  return ajv;
}

let shared: Ajv2020 | undefined;

/** The ajv holding the published schemas/ files, compiled once. */
export function schemasAjv(): Ajv2020 {
  if (!shared) {
    // verbose: errors carry the offending value, so messages about plugin.json can quote it.
    shared = createAjv({ verbose: true });
    shared.addSchema(pluginSchema).addSchema(mcpSchema).addSchema(tokenSchemaSchema);
  }
  return shared;
}

export const PLUGIN_SCHEMA_ID = pluginSchema.$id;
export const MCP_SCHEMA_ID = mcpSchema.$id;
export const TOKEN_SCHEMA_SCHEMA_ID = tokenSchemaSchema.$id;

// Publisher schemas (token-schema.json and its properties) compiled by their JSON text. Bounded: ajv keeps every
// schema it compiled, so the whole instance is dropped when the cache fills (a registry sees many packages).
const CACHE_SIZE = 128;
let scratch: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** Compile a publisher's schema with the strict ajv, reusing earlier compilations; throws what ajv throws. */
export function compileCached(schema: object): ValidateFunction {
  const text = JSON.stringify(schema);
  const hit = compiled.get(text);
  if (hit) return hit;
  if (!scratch || compiled.size >= CACHE_SIZE) {
    compiled.clear();
    scratch = createAjv();
  }
  const validate = scratch.compile(JSON.parse(text) as object);
  compiled.set(text, validate);
  return validate;
}
