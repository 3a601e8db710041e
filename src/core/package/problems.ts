import type { ErrorObject } from "ajv/dist/2020.js";
import type { Problem } from "../types.js";

/** An error-severity problem. */
export function error(code: string, file: string, path: string, message: string): Problem {
  return { code, severity: "error", file, path, message };
}

/** A warning: reported, fails only under `--strict`. */
export function warning(code: string, file: string, path: string, message: string): Problem {
  return { code, severity: "warning", file, path, message };
}

/** Append one segment to a JSON Pointer (RFC 6901 escaping). */
export function pointer(base: string, segment: string | number): string {
  return `${base}/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/** The unescaped segments of a JSON Pointer. */
export function segments(path: string): string[] {
  return path === ""
    ? []
    : path
        .slice(1)
        .split("/")
        .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

// One word per JSON Schema keyword, so codes read `manifest.name.invalid`, `manifest.description.too-long`.
const KIND: Record<string, string> = {
  type: "type",
  pattern: "invalid",
  format: "invalid",
  const: "invalid",
  enum: "unknown",
  maxLength: "too-long",
  minLength: "too-short",
  maxItems: "too-many",
  minItems: "too-few",
  uniqueItems: "duplicate",
  minimum: "range",
  maximum: "range",
  maxProperties: "too-many",
};

/** How one schema-validated file turns ajv's findings into problems. */
export interface AjvMapping {
  file: string;
  /** Code prefix: `manifest`, `mcp.server`, `token-schema`. */
  prefix: string;
  /** The field a path is about (`name`, `engines.connectory`); "" for the document itself. */
  fieldOf(path: string[]): string;
  /** Publisher-facing text per code; gets the ajv error for details. */
  messages?: Record<string, (e: ErrorObject) => string>;
  /** Unknown keys are warnings here (plugin.json, servers) rather than errors (token-schema.json). */
  unknownKeys: "warning" | "error";
  /** Code for unknown keys; `<prefix>.key.unknown` unless set. */
  unknownKeyCode?: string;
}

/** Turn ajv errors into problems with stable codes, skipping the noise of `if`/`then` wrappers. */
export function ajvProblems(
  errors: readonly ErrorObject[] | null | undefined,
  map: AjvMapping,
  base = "",
): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    if (e.keyword === "if" || e.keyword === "then" || e.keyword === "else") continue;
    let path = base + e.instancePath;
    let kind = KIND[e.keyword] ?? "invalid";
    if (e.keyword === "required") {
      path = pointer(path, String(e.params["missingProperty"]));
      kind = "missing";
    } else if (e.keyword === "additionalProperties") {
      path = pointer(path, String(e.params["additionalProperty"]));
      kind = "unknown-key";
    } else if (e.keyword === "propertyNames") {
      path = pointer(path, String(e.params["propertyName"]));
      kind = "key.invalid";
    } else if (e.propertyName !== undefined) {
      continue; // the detail behind a propertyNames failure; the summary above says it
    }
    const field = map.fieldOf(segments(path.slice(base.length)));
    const code =
      kind === "unknown-key"
        ? (map.unknownKeyCode ?? `${map.prefix}.key.unknown`)
        : `${map.prefix}.${field || "root"}.${kind}`;
    const key = `${code} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const text = map.messages?.[code]?.(e) ?? defaultMessage(path, e);
    out.push(
      kind === "unknown-key" && map.unknownKeys === "warning"
        ? warning(code, map.file, path, text)
        : error(code, map.file, path, text),
    );
  }
  return out;
}

function defaultMessage(path: string, e: ErrorObject): string {
  const where = path === "" ? "the document" : `"${path}"`;
  if (e.keyword === "additionalProperties") return `unknown key ${where}: remove it or check its spelling`;
  if (e.keyword === "required") return `${where} is required`;
  if (e.keyword === "enum") {
    const allowed = (e.params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ");
    return `${where} must be one of ${allowed}`;
  }
  return `${where} ${e.message ?? "is invalid"}`;
}
