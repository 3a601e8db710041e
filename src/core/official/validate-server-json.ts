import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import schema20251211 from "../../../schemas/vendor/server.schema.2025-12-11.json" with { type: "json" };

// Whether an upstream server.json is one the official registry would accept, by the schemas it ships
// (vendored in schemas/vendor/, newest last). An import keeps a valid document verbatim and serves it
// back unchanged; an invalid one (an older snake_case document, a hand-written file) is still converted,
// but nothing of it is served as if the official schema vouched for it.

/** The vendored official schemas, by their `$id`; a newer one is added here when it is vendored. */
const SCHEMAS: object[] = [schema20251211];

let compiled: ValidateFunction[] | undefined;

function validators(): ValidateFunction[] {
  if (!compiled) {
    // Not strict: the upstream schemas use keywords (`example`) ajv's strict mode rejects.
    const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
    addFormats.default(ajv);
    compiled = SCHEMAS.map((s) => ajv.compile(s));
  }
  return compiled;
}

/** Undefined when `server` validates against one of the vendored official schemas; else why not (one line). */
export function serverJsonProblem(server: unknown): string | undefined {
  let first: string | undefined;
  for (const validate of validators()) {
    if (validate(server)) return undefined;
    const e = validate.errors?.[0];
    first ??= e ? `${e.instancePath || "/"} ${e.message ?? "is invalid"}` : "is invalid";
  }
  return `not valid by the official server.json schema: ${first}`;
}
