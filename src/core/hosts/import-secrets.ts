import { SENSITIVE_NAME } from "../merge/redact.js";
import { isRemote, type ServerSpec } from "../types.js";

/** A server with its inline secrets replaced by `${KEY}` references, and the values by key. */
export interface MovedSecrets {
  server: ServerSpec;
  secrets: Record<string, string>;
}

const SCHEME = /^(Bearer|Basic|Token|Bot)\s+(\S.*)$/i;
const FLAG = /^--?([A-Za-z][A-Za-z0-9_-]*)(?:=(.*))?$/;
/** `scheme://user:` then the password, up to the `@` of the host. */
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*:)([^\s/?#@]+)@/gi;

/**
 * Moves the secrets of an imported server out of its spec, with the heuristics `config` redacts by
 * (src/core/merge/redact.ts): env and header values under a credential-like name (`Bearer ` kept in
 * front), URL query parameters so named, the value of a so-named flag in args (`--api-key X`,
 * `--token=X`), and the password of a URL's userinfo in any argument, env value or URL
 * (`postgresql://app:${PASSWORD}@db`). Each becomes `${KEY}` (the name upper-cased, e.g. AUTHORIZATION, API_KEY).
 */
export function moveSecrets(spec: ServerSpec): MovedSecrets {
  const secrets: Record<string, string> = {};
  const keyFor = (name: string, value: string): string => {
    let base = name.toUpperCase().replace(/[^A-Z0-9_]/g, "_");
    if (!/^[A-Z]/.test(base)) base = `K_${base}`;
    let key = base;
    for (let n = 2; Object.hasOwn(secrets, key) && secrets[key] !== value; n += 1) key = `${base}_${n}`;
    secrets[key] = value;
    return `\${${key}}`;
  };
  const mapValues = (record: Record<string, string> | undefined, header: boolean) => {
    if (!record) return undefined;
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(record)) {
      if (!SENSITIVE_NAME.test(name) || value === "") out[name] = value;
      else {
        const scheme = header ? SCHEME.exec(value) : null;
        out[name] = scheme ? `${scheme[1]} ${keyFor(name, scheme[2]!)}` : keyFor(name, value);
      }
    }
    return out;
  };
  // A URL's password, wherever it appears, becomes `scheme://user:${PASSWORD}@host`.
  const userinfo = (text: string) =>
    text.replace(USERINFO, (whole, head: string, password: string) =>
      password.startsWith("${") ? whole : `${head}${keyFor("password", password)}@`,
    );
  if (isRemote(spec)) {
    const headers = mapValues(spec.headers, true);
    return {
      server: { ...spec, url: userinfo(moveUrlSecrets(spec.url, keyFor)), ...(headers ? { headers } : {}) },
      secrets,
    };
  }
  const movedEnv = mapValues(spec.env, false);
  const env = movedEnv && Object.fromEntries(Object.entries(movedEnv).map(([k, v]) => [k, userinfo(v)]));
  const args = spec.args?.map(userinfo).map((arg, i, all) => {
    const flag = FLAG.exec(arg);
    if (flag && flag[2] !== undefined && SENSITIVE_NAME.test(flag[1]!) && flag[2] !== "")
      return `${arg.slice(0, arg.length - flag[2].length)}${keyFor(flag[1]!, flag[2])}`;
    const previous = i > 0 ? FLAG.exec(all[i - 1]!) : null;
    if (previous && previous[2] === undefined && SENSITIVE_NAME.test(previous[1]!) && !arg.startsWith("-"))
      return keyFor(previous[1]!, arg);
    return arg;
  });
  return { server: { ...spec, ...(args ? { args } : {}), ...(env ? { env } : {}) }, secrets };
}

/** `?token=abc` → `?token=${TOKEN}` for each credential-like query parameter. */
function moveUrlSecrets(url: string, keyFor: (name: string, value: string) => string): string {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const hash = url.indexOf("#", q);
  const end = hash === -1 ? url.length : hash;
  const query = url
    .slice(q + 1, end)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (!SENSITIVE_NAME.test(name) || value === "") return pair;
      return `${name}=${keyFor(name, value)}`;
    })
    .join("&");
  return url.slice(0, q + 1) + query + url.slice(end);
}

/** True when some string of the spec holds `${`: a host's own variable syntax, which Connectory would misread. */
export function hasTemplates(spec: ServerSpec): boolean {
  return JSON.stringify(spec).includes("${");
}
