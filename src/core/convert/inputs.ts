import type { TokenProperty } from "../types.js";
import { toCredentialKey } from "./naming.js";
import { note, type ConvertNote } from "./notes.js";

/** Credentials collected while a converter walks its source: keys, properties, which are required. */
export class CredentialSet {
  readonly properties: Record<string, TokenProperty> = {};
  readonly required: string[] = [];

  constructor(private readonly notes: ConvertNote[]) {}

  /** Declare a credential under a key made from upstream; returns the key (undefined when none can be made). */
  add(
    upstream: string,
    property: TokenProperty,
    options: { required?: boolean; path?: string; inferSecret?: boolean } = {},
  ): string | undefined {
    const key = toCredentialKey(upstream);
    const path = options.path ?? "";
    if (key === undefined) {
      this.notes.push(
        note("convert.credential.dropped", path, `"${upstream}" cannot be made a credential key: left out`),
      );
      return undefined;
    }
    if (key !== upstream)
      this.notes.push(
        note("convert.credential.renamed", path, `"${upstream}" is stored as the credential ${key}`),
      );
    const secret =
      property.secret ?? (options.inferSecret === true && looksSecret(upstream) ? true : undefined);
    if (property.secret === undefined && secret === true)
      this.notes.push(
        note("convert.credential.secret-inferred", path, `${key} is marked secret because of its name`),
      );
    const merged: TokenProperty = { ...(this.properties[key] ?? {}), ...property };
    if (secret !== undefined) merged.secret = secret;
    if (merged.title === undefined) merged.title = upstream;
    this.properties[key] = merged;
    if (options.required === true && !this.required.includes(key)) this.required.push(key);
    return key;
  }
}

/** A view of a set that records, in `used`, every key it hands out and the upstream name it was asked by. */
export function trackingSet(set: CredentialSet, used: Map<string, string[]>): CredentialSet {
  const view = Object.create(set) as CredentialSet;
  view.add = (upstream, property, options) => {
    const key = set.add(upstream, property, options);
    if (key !== undefined) used.set(key, [...(used.get(key) ?? []), upstream]);
    return key;
  };
  return view;
}

/** Names that hold secrets by convention. */
export function looksSecret(name: string): boolean {
  return /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS$|CREDENTIAL|AUTH|PAT$|COOKIE|PRIVATE)/i.test(name);
}

/** A value a person must replace: `<your-key>`, `YOUR_API_KEY`, `your-token-here`, `/path/to/x`. */
export function isPlaceholder(value: string): boolean {
  return /<[^<>]+>|\bYOUR[_-]|\byour[_-]|[_-]here\b|\/path\/to\b|^\.\.\.$|^x{3,}$/i.test(value);
}

/** `{name}` variables (official server.json) → `${KEY}` templates, declaring each through keyOf. */
export function replaceBraces(value: string, keyOf: (variable: string) => string | undefined): string {
  return value.replace(/\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g, (whole, variable: string) => {
    const key = keyOf(variable);
    return key === undefined ? whole : `\${${key}}`;
  });
}

/** Escape any literal `${` so the template checker never sees it as one. */
export function literal(value: string): string {
  return value.replaceAll("${", "$ {");
}
