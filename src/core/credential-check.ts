import type { ErrorObject } from "ajv/dist/2020.js";
import type { Credentials, Problem, TokenProperty, TokenSchema } from "./types.js";
import { isObject } from "./json-guards.js";

// Credential validation without ajv, for the token-schemas docs/package-format.md allows (token-schema.schema.json):
// loading ajv and compiling its draft 2020-12 meta-schema costs ~100 ms, most of `connectory install`.
// It reproduces exactly what the strict ajv of credentials.ts reports (same errors, same order; the
// property test in test/core/credential-check.test.ts compares the two) and declines, returning
// undefined, any schema it does not fully understand (`format`, unknown keywords, anything ajv might
// reject), which then goes to ajv.

/** The part of an ajv error that credential problems are built from. */
export type CredentialError = Pick<ErrorObject, "keyword" | "instancePath" | "params" | "message">;

export interface CredentialReport {
  ok: boolean;
  problems: Problem[];
  values: Credentials;
}

const FILE = "credentials";
const SCHEMA_KEYS = new Set([
  ...["$schema", "$id", "type", "title", "description", "properties", "required", "additionalProperties"],
]);
const PROPERTY_KEYS = new Set([
  ...["type", "title", "description", "default", "enum", "examples", "secret"],
  ...["pattern", "minLength", "maxLength", "minimum", "maximum"],
]);
const TYPES = new Set(["string", "number", "integer", "boolean"]);
const KEY = /^[A-Z][A-Z0-9_]*$/;
// ajv-formats rejects a `pattern` with this (a `\Z` anchor is not JavaScript): leave such schemas to ajv.
const Z_ANCHOR = /[^\\]\\Z/;

interface Rule {
  key: string;
  type: TokenProperty["type"];
  enum?: unknown[];
  pattern?: { source: string; regex: RegExp };
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
}

/**
 * Validates like `validateCredentials` (credentials.ts) without loading ajv; undefined when the schema
 * needs ajv. Call this first and fall back to `validateCredentials` on undefined.
 */
export function checkCredentials(schema: TokenSchema, values: Credentials): CredentialReport | undefined {
  const rules = simpleRules(schema);
  if (!rules) return undefined;
  const out = prepareCredentials(schema, values);
  return credentialReport(schema, out, validateSimple(schema, rules, out));
}

/** Values as typed, coerced where the schema wants numbers or booleans, "" dropped, defaults filled in. */
export function prepareCredentials(schema: TokenSchema, values: Credentials): Credentials {
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
  return Object.fromEntries([...given, ...defaults]);
}

/** The report for validated values: one problem per error, naming the field, never the value. */
export function credentialReport(
  schema: TokenSchema,
  values: Credentials,
  errors: readonly CredentialError[],
): CredentialReport {
  const problems = errors.map((e) => credentialProblem(e, schema));
  return { ok: problems.length === 0, problems, values };
}

/** The schema as rules, or undefined unless every keyword is one this file checks exactly as ajv does. */
function simpleRules(schema: TokenSchema): Rule[] | undefined {
  if (!isObject(schema) || schema.type !== "object" || !isObject(schema.properties)) return undefined;
  const s = schema as TokenSchema & Record<string, unknown>;
  if (Object.keys(s).some((k) => !SCHEMA_KEYS.has(k))) return undefined;
  if (!optionalString(s["title"]) || !optionalString(s["description"])) return undefined;
  if (s["additionalProperties"] !== undefined && typeof s["additionalProperties"] !== "boolean")
    return undefined;
  const rules: Rule[] = [];
  for (const [key, p] of Object.entries(schema.properties)) {
    const rule = KEY.test(key) && isObject(p) ? propertyRule(key, p) : undefined;
    if (!rule) return undefined;
    rules.push(rule);
  }
  const required: unknown = s.required ?? [];
  if (!Array.isArray(required)) return undefined;
  // ajv's meta-schema wants unique strings, and strict mode wants each one declared.
  if (
    required.some(
      (k, i) => typeof k !== "string" || required.indexOf(k) !== i || !Object.hasOwn(schema.properties, k),
    )
  )
    return undefined;
  return rules;
}

function propertyRule(key: string, p: TokenProperty & Record<string, unknown>): Rule | undefined {
  if (Object.keys(p).some((k) => !PROPERTY_KEYS.has(k)) || !TYPES.has(p.type)) return undefined;
  if (!optionalString(p.title) || !optionalString(p.description)) return undefined;
  if (p.examples !== undefined && !Array.isArray(p.examples)) return undefined;
  if (p.secret !== undefined && typeof p.secret !== "boolean") return undefined;
  const rule: Rule = { key, type: p.type };
  if (p.enum !== undefined) {
    const list: unknown = p.enum;
    if (!Array.isArray(list) || list.length === 0) return undefined;
    if (list.some((v, i) => !isScalar(v) || list.indexOf(v) !== i)) return undefined;
    rule.enum = list;
  }
  // Strict mode rejects a string keyword on a non-string type and a number keyword on a non-number.
  const isString = p.type === "string";
  const isNumber = p.type === "number" || p.type === "integer";
  if (p.pattern !== undefined) {
    if (!isString || typeof p.pattern !== "string" || Z_ANCHOR.test(p.pattern)) return undefined;
    try {
      rule.pattern = { source: p.pattern, regex: new RegExp(p.pattern, "u") };
    } catch {
      return undefined;
    }
  }
  for (const k of ["maxLength", "minLength"] as const) {
    if (p[k] === undefined) continue;
    if (!isString || !Number.isInteger(p[k]) || p[k] < 0) return undefined;
    rule[k] = p[k];
  }
  for (const k of ["maximum", "minimum"] as const) {
    if (p[k] === undefined) continue;
    if (!isNumber || typeof p[k] !== "number" || !Number.isFinite(p[k])) return undefined;
    rule[k] = p[k];
  }
  return rule;
}

/**
 * ajv's generated code for these keywords, in ajv's order: required, additionalProperties, then per
 * property the type, enum, the number keywords (maximum, minimum) and the string keywords (maxLength,
 * minLength, pattern). A type with keywords of its own reports a wrong type after the enum, as ajv does.
 */
function validateSimple(schema: TokenSchema, rules: Rule[], data: Credentials): CredentialError[] {
  const errors: CredentialError[] = [];
  const err = (keyword: string, instancePath: string, params: Record<string, unknown>, message: string) =>
    errors.push({ keyword, instancePath, params, message });
  for (const key of schema.required ?? []) {
    if (data[key] === undefined)
      err("required", "", { missingProperty: key }, `must have required property '${key}'`);
  }
  if ((schema as { additionalProperties?: unknown }).additionalProperties === false) {
    for (const key in data) {
      if (!Object.hasOwn(schema.properties, key))
        err("additionalProperties", "", { additionalProperty: key }, "must NOT have additional properties");
    }
  }
  for (const rule of rules) {
    const value: unknown = data[rule.key];
    if (value === undefined) continue;
    const path = `/${rule.key}`;
    const typeError = () => err("type", path, { type: rule.type }, `must be ${rule.type}`);
    const numberRules = rule.maximum !== undefined || rule.minimum !== undefined;
    const stringRules =
      rule.maxLength !== undefined || rule.minLength !== undefined || rule.pattern !== undefined;
    const deferred = (rule.type === "number" && numberRules) || (rule.type === "string" && stringRules);
    if (!deferred && !hasType(value, rule.type)) typeError();
    if (rule.enum && !rule.enum.some((v) => v === value))
      err("enum", path, { allowedValues: rule.enum }, "must be equal to one of the allowed values");
    if (numberRules) {
      if (typeof value === "number" && Number.isFinite(value)) {
        if (rule.maximum !== undefined && value > rule.maximum)
          err("maximum", path, { comparison: "<=", limit: rule.maximum }, `must be <= ${rule.maximum}`);
        if (rule.minimum !== undefined && value < rule.minimum)
          err("minimum", path, { comparison: ">=", limit: rule.minimum }, `must be >= ${rule.minimum}`);
      } else if (rule.type === "number") typeError();
    }
    if (stringRules) {
      if (typeof value === "string") {
        const length = codePoints(value);
        if (rule.maxLength !== undefined && length > rule.maxLength)
          err(
            "maxLength",
            path,
            { limit: rule.maxLength },
            `must NOT have more than ${rule.maxLength} characters`,
          );
        if (rule.minLength !== undefined && length < rule.minLength)
          err(
            "minLength",
            path,
            { limit: rule.minLength },
            `must NOT have fewer than ${rule.minLength} characters`,
          );
        if (rule.pattern && !rule.pattern.regex.test(value))
          err(
            "pattern",
            path,
            { pattern: rule.pattern.source },
            `must match pattern "${rule.pattern.source}"`,
          );
      } else typeError();
    }
  }
  return errors;
}

/** ajv's type checks in strict-numbers mode (NaN and ±Infinity are not numbers). */
function hasType(value: unknown, type: Rule["type"]): boolean {
  if (type === "string") return typeof value === "string";
  if (type === "boolean") return typeof value === "boolean";
  if (typeof value !== "number" || !Number.isFinite(value)) return false;
  return type === "number" || value % 1 === 0;
}

/** String length as ajv counts it: a surrogate pair is one character. */
function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
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

function credentialProblem(e: CredentialError, schema: TokenSchema): Problem {
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

const optionalString = (v: unknown) => v === undefined || typeof v === "string";
const isScalar = (v: unknown) =>
  typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));
