/**
 * Whether a connection to `host:port` is allowed by a `permissions.network` host list: an entry
 * `api.example.com` allows that exact host on any port, `api.example.com:443` only that port, and
 * `*.example.com` any name below example.com (not example.com itself). Names compare case-insensitively
 * and without a trailing dot; an IP address is allowed only when listed as written.
 */
export function hostAllowed(allowlist: readonly string[], host: string, port: number): boolean {
  const name = normalize(host);
  if (name === "" || !Number.isInteger(port) || port < 1 || port > 65535) return false;
  return allowlist.some((entry) => {
    const { pattern, port: only } = splitEntry(entry);
    if (only !== undefined && only !== port) return false;
    if (pattern.startsWith("*.")) {
      const suffix = pattern.slice(1); // ".example.com"
      return name.endsWith(suffix) && name.length > suffix.length;
    }
    return name === pattern;
  });
}

/** `host[:port]` of an allowlist entry, lower-cased. */
function splitEntry(entry: string): { pattern: string; port?: number } {
  const m = /^(.*):(\d{1,5})$/.exec(entry);
  return m ? { pattern: normalize(m[1] as string), port: Number(m[2]) } : { pattern: normalize(entry) };
}

function normalize(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  return h.endsWith(".") ? h.slice(0, -1) : h;
}

/**
 * The target of a proxy request: `host:port` of a CONNECT, or the host and port of an absolute
 * `http://` URL; undefined when it names neither.
 */
export function proxyTarget(method: string, url: string): { host: string; port: number } | undefined {
  if (method === "CONNECT") {
    const m = /^\[?([^\]\s/]+?)\]?:(\d{1,5})$/.exec(url);
    return m ? { host: m[1] as string, port: Number(m[2]) } : undefined;
  }
  if (!/^http:\/\//i.test(url) || !URL.canParse(url)) return undefined;
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, ""), port: u.port === "" ? 80 : Number(u.port) };
}
