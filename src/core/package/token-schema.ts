import type { ErrorObject } from "ajv/dist/2020.js";
import type { Problem, TokenProperty, TokenSchema } from "../types.js";
import { compileTokenSchema } from "../credentials.js";
import { compileCached, schemasAjv, TOKEN_SCHEMA_SCHEMA_ID } from "./ajv.js";
import { ajvProblems, error, pointer, warning, type AjvMapping } from "./problems.js";

const FILE = "token-schema.json";
const KEYWORDS =
  "type, title, description, default, enum, pattern, minLength, maxLength, minimum, maximum, format, examples, secret";

// The limits of a credential that contradict each other when the lower is above the upper.
const BOUNDS = [
  ["minLength", "maxLength"],
  ["minimum", "maximum"],
] as const;

const name = (e: ErrorObject): string => String(e.params["propertyName"] ?? e.params["additionalProperty"]);

const MAPPING: AjvMapping = {
  file: FILE,
  prefix: "token-schema",
  // `/properties/KEY/pattern` is about `property.pattern`; `/properties/KEY` about `property`.
  fieldOf: (path) =>
    path[0] === "properties" && path.length >= 2
      ? ["property", ...path.slice(2, 3)].join(".")
      : (path[0] ?? ""),
  unknownKeys: "error",
  unknownKeyCode: "token-schema.keyword.unknown",
  messages: {
    "token-schema.root.type": () =>
      'token-schema.json must be a JSON Schema object: { "type": "object", "properties": { … } }',
    "token-schema.keyword.unknown": (e) =>
      e.instancePath === ""
        ? `"${name(e)}" is not allowed at the top of token-schema.json: use type, properties, required, additionalProperties, title, description`
        : `"${name(e)}" is not an allowed keyword for a credential: use ${KEYWORDS}`,
    "token-schema.property.key.invalid": (e) =>
      `credential key "${name(e)}" must be upper-case letters, digits and "_", starting with a letter (^[A-Z][A-Z0-9_]*$), at most 64 characters, and not PLUGIN_ROOT`,
    "token-schema.property.type.unknown": () =>
      'a credential "type" must be "string", "number", "integer" or "boolean"',
    "token-schema.property.type.missing": () =>
      'every credential needs a "type": "string", "number", "integer" or "boolean"',
    "token-schema.property.pattern.invalid": () =>
      "pattern is not a valid regular expression (ajv compiles it with the `u` flag)",
    "token-schema.type.invalid": () => 'token-schema.json must have "type": "object"',
  },
};

/** Check token-schema.json: restricted to the keywords of docs/package-format.md, valid draft 2020-12, and compilable by ajv in strict mode. */
export function validateTokenSchema(json: unknown): { schema?: TokenSchema; problems: Problem[] } {
  const meta = schemasAjv().getSchema(TOKEN_SCHEMA_SCHEMA_ID);
  if (!meta) throw new Error("token-schema.schema.json is not registered");
  meta(json);
  const problems = ajvProblems(meta.errors, MAPPING).map((p) =>
    // propertyNames errors surface at /properties/KEY; the code says what they are about.
    p.code === "token-schema.properties.key.invalid"
      ? { ...p, code: "token-schema.property.key.invalid" }
      : p,
  );
  if (problems.length > 0) return { problems };
  const schema = json as TokenSchema;

  for (const [i, key] of (schema.required ?? []).entries()) {
    if (!(key in schema.properties)) {
      problems.push(
        error(
          "token-schema.required.unknown",
          FILE,
          `/required/${i}`,
          `"${key}" is required but not a property: declare it under "properties" or remove it`,
        ),
      );
    }
  }
  try {
    if (problems.length === 0) compileTokenSchema(schema); // after required.unknown, strictRequired would only echo it
  } catch (e) {
    problems.push(
      error(
        "token-schema.strict",
        FILE,
        "",
        `ajv (strict mode) rejects token-schema.json: ${(e as Error).message}`,
      ),
    );
  }
  for (const [key, property] of Object.entries(schema.properties)) {
    problems.push(...propertyProblems(key, property));
  }
  return problems.some((p) => p.severity === "error") ? { problems } : { schema, problems };
}

function propertyProblems(key: string, property: TokenProperty): Problem[] {
  const at = pointer("/properties", key);
  const problems: Problem[] = [];
  const { default: fallback, enum: values, examples: _examples, ...rest } = property;
  let check: ((v: unknown) => boolean) | undefined;
  try {
    check = compileCached(rest) as (v: unknown) => boolean;
  } catch {
    return problems; // reported by the whole-schema compile
  }
  if (values) {
    values.forEach((v, i) => {
      if (!check(v)) {
        problems.push(
          error(
            "token-schema.property.enum.invalid",
            FILE,
            `${at}/enum/${i}`,
            `enum value ${JSON.stringify(v)} of ${key} does not satisfy its own type and limits`,
          ),
        );
      }
    });
  }
  if (fallback !== undefined && (!check(fallback) || (values && !values.includes(fallback)))) {
    problems.push(
      error(
        "token-schema.property.default.invalid",
        FILE,
        `${at}/default`,
        `the default of ${key} does not satisfy its own type, limits or enum`,
      ),
    );
  }
  for (const [low, high] of BOUNDS) {
    const min = property[low];
    const max = property[high];
    if (min !== undefined && max !== undefined && min > max)
      problems.push(
        error(
          "token-schema.property.range",
          FILE,
          at,
          `${key}: ${low} is greater than ${high}, so no value can pass`,
        ),
      );
  }
  if (property.secret === true && fallback !== undefined) {
    problems.push(
      warning(
        "token-schema.property.secret-default",
        FILE,
        `${at}/default`,
        `${key} is secret but has a default, which is published with the package: remove the default`,
      ),
    );
  }
  return problems;
}
