import { redact } from "./secrets.js";

/**
 * THE rule for secrets inside values Connectory writes down but did not choose (tool-call arguments
 * under `--log-arguments`, a command line shown back): at any depth, a key that names a secret
 * (`token`, `password`, `api_key`, `Authorization`…) hides its value whatever it holds; a
 * `{ name: "Authorization", value: … }` pair (headers as lists, env as lists) hides its value; a string
 * loses the known secret values, a URL's password and the credential after `Bearer` / `Basic`.
 */
export function maskSecrets(value: unknown, secretValues: readonly string[]): unknown {
  const forms = secretValues.filter((s) => s !== "");
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === "string") return maskText(node, forms);
    if (typeof node !== "object" || node === null) return node;
    // Past this depth nothing is read: the whole rest is hidden rather than walked.
    if (depth > MAX_DEPTH) return MASK;
    if (Array.isArray(node)) return node.map((v) => walk(v, depth + 1));
    const entries = Object.entries(node);
    const pairNamesSecret = entries.some(
      ([k, v]) => PAIR_NAME.test(k) && typeof v === "string" && SECRET_NAME.test(v),
    );
    return Object.fromEntries(
      entries.map(([k, v]) => [
        k,
        SECRET_NAME.test(k) || (pairNamesSecret && !PAIR_NAME.test(k)) ? MASK : walk(v, depth + 1),
      ]),
    );
  };
  return walk(value, 0);
}

/** A string without known secret values, URL passwords and the credential of an HTTP auth scheme. */
export function maskText(text: string, secretValues: readonly string[] = []): string {
  return redact(text, secretValues)
    .replace(USERINFO, (_, scheme: string, user: string) => `${scheme}${user}:${MASK}@`)
    .replace(AUTH_SCHEME, (_, scheme: string) => `${scheme}${MASK}`);
}

/**
 * The passwords of every `scheme://user:password@host` in `text`: URL userinfo is a secret wherever it
 * appears (an argument, an env value, a remote URL). A lone user name is not one.
 */
export function urlPasswords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(USERINFO_PASSWORD)) if (m[1]) out.push(m[1]);
  return out;
}

const MASK = "***";
const MAX_DEPTH = 64;
/** Key names that hold secrets by convention ("author" is not one). */
export const SECRET_NAME =
  /token|secret|password|passwd|api[-_]?key|auth(?!ors?\b)|credential|cookie|private[-_]?key|session/i;
/** The keys that name the other fields of a pair: `{ name: "Authorization", value: "…" }`. */
const PAIR_NAME = /^(name|key|header|field|id)$/i;
/** `scheme://user:password@` (the password only; a lone user name is not a secret). */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/?#@]*):[^\s/?#@]*@/gi;
const USERINFO_PASSWORD = /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*:([^\s/?#@]+)@/gi;
const AUTH_SCHEME = /\b((?:bearer|basic|token)\s+)[A-Za-z0-9._~+/=-]{8,}/gi;
