import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { ConnectoryError } from "./errors.js";
import { compileCached } from "./package/ajv.js";
import type { Credentials, Problem, TokenProperty, TokenSchema } from "./types.js";

const FILE = "credentials";

/** Compile a token-schema with ajv in strict mode (the `secret` keyword registered); throws on an invalid schema. */
export function compileTokenSchema(schema: TokenSchema): ValidateFunction {
  // $schema/$id are for editors; ajv would reject a foreign meta-schema URL or a reused $id.
  const { $schema: _schema, $id: _id, ...body } = schema as TokenSchema & { $id?: string };
  return compileCached(body);
}

/** Values as typed on a command line are strings; numbers and booleans are coerced where the schema wants them. */
function coerce(value: string | number | boolean, type: TokenProperty["type"]): string | number | boolean {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if ((type === "number" || type === "integer") && /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text))
    return Number(text);
  if (type === "boolean" && /^(true|false)$/i.test(text)) return text.toLowerCase() === "true";
  return value;
}

/**
 * Validate credential values against token-schema.json with ajv. Coerces "42" → 42 for number/integer and
 * "true"/"false" → booleans, applies defaults, and treats "" as not given. Problems name the field, never the value.
 */
export function validateCredentials(
  schema: TokenSchema,
  values: Credentials,
): { ok: boolean; problems: Problem[]; values: Credentials } {
  let validate: ValidateFunction;
  try {
    validate = compileTokenSchema(schema);
  } catch (e) {
    throw new ConnectoryError(
      "token-schema.invalid",
      `token-schema.json cannot be compiled: ${(e as Error).message}`,
      {
        hint: "Run `connectory validate` on the package; the publisher must fix token-schema.json.",
      },
    );
  }
  // Built with fromEntries and Object.hasOwn: a key like "__proto__" or "constructor" stays a plain (unknown) key.
  const given = Object.entries(values)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => {
      const property = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
      return [key, property ? coerce(value, property.type) : value] as const;
    });
  const defaults = Object.entries(schema.properties)
    .filter(([key, p]) => p.default !== undefined && !given.some(([k]) => k === key))
    .map(([key, p]) => [key, p.default!] as const);
  const out: Credentials = Object.fromEntries([...given, ...defaults]);
  validate(out);
  const problems = (validate.errors ?? []).map((e) => credentialProblem(e, schema));
  return { ok: problems.length === 0, problems, values: out };
}

function credentialProblem(e: ErrorObject, schema: TokenSchema): Problem {
  const key =
    e.keyword === "required"
      ? String(e.params["missingProperty"])
      : e.keyword === "additionalProperties"
        ? String(e.params["additionalProperty"])
        : e.instancePath.slice(1).split("/")[0]!;
  const property = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
  const label = property?.title ? `${key} (${property.title})` : key;
  const problem = (code: string, message: string): Problem => ({
    code,
    severity: "error",
    file: FILE,
    path: `/${key}`,
    message,
  });
  switch (e.keyword) {
    case "required":
      return problem(
        "credentials.missing",
        `${label} is required${property?.description ? `: ${property.description}` : ""}`,
      );
    case "additionalProperties":
      return problem("credentials.unknown", `${key} is not a credential of this connector`);
    case "pattern":
      return problem(
        "credentials.pattern",
        `${label} does not have the expected form (pattern ${String(e.params["pattern"])})`,
      );
    case "type":
      return problem("credentials.type", `${label} must be ${article(String(e.params["type"]))}`);
    case "enum":
      return problem(
        "credentials.enum",
        `${label} must be one of ${(e.params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      );
    default:
      // minLength, maxLength, minimum, maximum, format: ajv's wording names the limit, not the value.
      return problem(`credentials.${e.keyword}`, `${label} ${e.message ?? "is invalid"}`);
  }
}

const article = (type: string): string => (type === "integer" ? "an integer" : `a ${type}`);

/** The keys a token-schema marks `secret: true`. */
export function secretKeys(schema: TokenSchema | undefined): string[] {
  return Object.entries(schema?.properties ?? {})
    .filter(([, p]) => p.secret === true)
    .map(([k]) => k);
}

/** Replace every secret value in text with *** (longest first, so a secret URL hides whole; URL-encoded forms too). */
export function redact(text: string, secretValues: readonly string[]): string {
  const forms = new Set<string>();
  for (const s of secretValues) {
    if (s === "") continue;
    forms.add(s);
    forms.add(encodeURIComponent(s));
  }
  let out = text;
  for (const s of [...forms].sort((a, b) => b.length - a.length)) out = out.split(s).join("***");
  return out;
}
