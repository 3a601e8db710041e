import { urlPasswords } from "../mask-secrets.js";
import { isRemote, type ServerSpec } from "../types.js";

/** A server spec with every secret value inside its strings replaced by `***`. */
export function redactServer(spec: ServerSpec, secretValues: readonly string[]): ServerSpec {
  if (secretValues.length === 0) return spec;
  const r = (text: string) => redactText(text, secretValues);
  const map = (record: Record<string, string> | undefined) =>
    record && Object.fromEntries(Object.entries(record).map(([k, v]) => [k, r(v)]));
  if (isRemote(spec)) {
    const headers = map(spec.headers);
    return { ...spec, url: r(spec.url), ...(headers ? { headers } : {}) };
  }
  const env = map(spec.env);
  return {
    ...spec,
    command: r(spec.command),
    ...(spec.args ? { args: spec.args.map(r) } : {}),
    ...(env ? { env } : {}),
    ...(spec.cwd !== undefined ? { cwd: r(spec.cwd) } : {}),
  };
}

/** Every secret value in text replaced by `***`, longest first (a URL before the token inside it). */
export function redactText(text: string, secretValues: readonly string[]): string {
  let out = text;
  for (const s of [...secretValues].filter((v) => v !== "").sort((a, b) => b.length - a.length)) {
    out = out.split(s).join("***");
  }
  return out;
}

export const SENSITIVE_NAME =
  /token|secret|passw|api[-_]?key|apikey|auth|credential|cookie|session|private|(^|[-_])key($|[-_])/i;

/**
 * Values in a hand-written server that look like secrets (it has no token schema to say so): env values
 * and header values under a sensitive name, a whole URL whose query carries a sensitive parameter, and
 * the password of a URL's userinfo in any of its strings.
 */
export function sensitiveValues(spec: ServerSpec): string[] {
  const out: string[] = [];
  const scan = (record: Record<string, string> | undefined) => {
    for (const [name, value] of Object.entries(record ?? {})) if (SENSITIVE_NAME.test(name)) out.push(value);
  };
  if (isRemote(spec)) {
    scan(spec.headers);
    if (urlHasSecret(spec.url)) out.push(spec.url);
  } else {
    scan(spec.env);
  }
  // URL userinfo is a secret wherever it appears: `postgresql://app:hunter2@db` as an argument too.
  for (const text of specStrings(spec)) out.push(...urlPasswords(text));
  return out.filter((v) => v !== "");
}

/** Every string of a spec a person or a host could be shown. */
function specStrings(spec: ServerSpec): string[] {
  if (isRemote(spec)) return [spec.url, ...Object.values(spec.headers ?? {})];
  return [spec.command, ...(spec.args ?? []), ...Object.values(spec.env ?? {}), spec.cwd ?? ""];
}

/** True when a URL's query string has a parameter named like a credential (`?token=…`, `api_key=…`). */
export function urlHasSecret(url: string): boolean {
  const query = url.indexOf("?");
  if (query === -1) return false;
  return url
    .slice(query + 1)
    .split(/[&;#]/)
    .some((pair) => SENSITIVE_NAME.test(pair.split("=")[0] ?? ""));
}
