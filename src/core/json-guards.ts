// The small type guards every reader of untrusted JSON needs (package files, host configs, other
// ecosystems' manifests, API documents, home files). One owner, so "an object" means the same thing
// everywhere: not null and not an array.

/** True for a JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True for an array whose every item is a string. */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** `value` when it is a string, otherwise undefined. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
