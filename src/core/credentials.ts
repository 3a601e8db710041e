import type { ValidateFunction } from "ajv/dist/2020.js";
import {
  checkCredentials,
  credentialReport,
  prepareCredentials,
  type CredentialReport,
} from "./credential-check.js";
import { ConnectoryError } from "./errors.js";
import { compileCached } from "./package/ajv.js";
import type { Credentials, TokenSchema } from "./types.js";

/** Compile a token-schema with ajv in strict mode (the `secret` keyword registered); throws on an invalid schema. */
export function compileTokenSchema(schema: TokenSchema): ValidateFunction {
  // $schema/$id are for editors; ajv would reject a foreign meta-schema URL or a reused $id.
  const { $schema: _schema, $id: _id, ...body } = schema as TokenSchema & { $id?: string };
  return compileCached(body);
}

/**
 * Validate credential values against token-schema.json with ajv. Coerces "42" → 42 for number/integer and
 * "true"/"false" → booleans, applies defaults, and treats "" as not given. Problems name the field, never the value.
 * Schemas of the keywords docs/package-format.md allows are checked without ajv (credential-check.ts), with the same result.
 */
export function validateCredentials(schema: TokenSchema, values: Credentials): CredentialReport {
  return checkCredentials(schema, values) ?? validateWithAjv(schema, values);
}

/** validateCredentials by ajv itself, for any schema (also what credential-check.ts is tested against). */
export function validateWithAjv(schema: TokenSchema, values: Credentials): CredentialReport {
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
  const out = prepareCredentials(schema, values);
  validate(out);
  return credentialReport(schema, out, validate.errors ?? []);
}
