/**
 * The hops a request passed, as proxies record them: X-Forwarded-For (`client, proxy1, proxy2`) and
 * RFC 7239 Forwarded (`for=192.0.2.60;proto=http, for="[2001:db8::1]:4711"`). Pure parsing; which of
 * these hops is believed is src/request/client-address.ts's rule (TRUSTED_PROXIES).
 */

/** At most this many hops are read from one request: a longer chain is cut on the left (the oldest). */
export const MAX_HOPS = 32;

/** The addresses of an X-Forwarded-For value, oldest first; an entry that is no address is kept as "". */
export function parseXForwardedFor(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .slice(-MAX_HOPS)
    .map((entry) => normalizeNode(entry.trim()));
}

/** The `for=` nodes of a Forwarded value, oldest first; `unknown`, obfuscated or missing ones are "". */
export function parseForwarded(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .slice(-MAX_HOPS)
    .map((element) => {
      for (const pair of element.split(";")) {
        const eq = pair.indexOf("=");
        if (eq < 0 || pair.slice(0, eq).trim().toLowerCase() !== "for") continue;
        let node = pair.slice(eq + 1).trim();
        if (node.startsWith('"') && node.endsWith('"') && node.length >= 2) node = node.slice(1, -1);
        return normalizeNode(node);
      }
      return "";
    });
}

/**
 * An address without port or brackets (`[2001:db8::1]:4711` → `2001:db8::1`, `192.0.2.1:80` →
 * `192.0.2.1`, `::ffff:192.0.2.1` → `192.0.2.1`); "" for anything that is not an IPv4 or IPv6 address.
 */
export function normalizeNode(node: string): string {
  let address = node;
  if (address.startsWith("[")) {
    const close = address.indexOf("]");
    if (close < 0) return "";
    address = address.slice(1, close);
  } else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) {
    address = address.slice(0, address.lastIndexOf(":"));
  }
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) address = mapped[1]!;
  if (isIPv4(address)) return address;
  if (/^[0-9a-f:]+(%[\w.-]+)?$/i.test(address) && address.includes(":") && address.length <= 64)
    return address.toLowerCase();
  return "";
}

function isIPv4(text: string): boolean {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** Which proxies are believed (TRUSTED_PROXIES): none, the nearest `hops`, or the peers in `ranges`. */
export type TrustedProxies =
  { kind: "none" } | { kind: "hops"; hops: number } | { kind: "ranges"; ranges: ProxyRange[] };

/** One trusted range: an address and a prefix length (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1` = /32). */
export interface ProxyRange {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** Names for the usual ranges, as Express's `trust proxy` has them. */
export const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/**
 * Parses TRUSTED_PROXIES: empty or unset = none (the socket's peer is the client); a number = that many
 * hops in front of the registry are proxies; otherwise a comma-separated list of CIDRs, addresses and the
 * names loopback, linklocal, uniquelocal. Throws an Error naming the bad entry (the caller makes it a
 * usage error).
 */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const value = (text ?? "").trim();
  if (value === "" || value === "0" || value.toLowerCase() === "none") return { kind: "none" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`a hop count must be at most ${MAX_HOPS}, got ${value}`);
    return { kind: "hops", hops };
  }
  const ranges: ProxyRange[] = [];
  for (const raw of value.split(",")) {
    const entry = raw.trim();
    if (entry === "") continue;
    const named = NAMED_RANGES[entry.toLowerCase()];
    for (const cidr of named ?? [entry]) ranges.push(parseRange(cidr));
  }
  if (ranges.length === 0) return { kind: "none" };
  return { kind: "ranges", ranges };
}

function parseRange(entry: string): ProxyRange {
  const slash = entry.indexOf("/");
  const address = normalizeNode(slash < 0 ? entry : entry.slice(0, slash));
  if (address === "" || address.includes("%"))
    throw new Error(`"${entry.slice(0, 60)}" is not an IP address, a CIDR or a named range`);
  const family = address.includes(":") ? "ipv6" : "ipv4";
  const max = family === "ipv4" ? 32 : 128;
  const prefixText = slash < 0 ? String(max) : entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max)
    throw new Error(`"${entry.slice(0, 60)}" has a bad prefix length (0-${max})`);
  return { address, prefix: Number(prefixText), family };
}

/**
 * The client of a request: walking from the socket's peer back through the recorded hops (newest
 * first), the first address that is not a trusted proxy; with a hop count, the address that many hops
 * back. A hop that is not an address stops the walk there (it cannot be checked, so the proxy that wrote
 * it is the last believed hop). Without trusted proxies, the peer itself.
 */
export function pickClient(
  peer: string,
  hops: readonly string[],
  trust: TrustedProxies,
  isTrusted: (address: string) => boolean,
): string {
  if (trust.kind === "none" || hops.length === 0) return peer;
  const chain = [peer, ...[...hops].reverse()];
  if (trust.kind === "hops") {
    const at = Math.min(trust.hops, chain.length - 1);
    for (let i = 1; i <= at; i++) if (chain[i] === "") return chain[i - 1]!;
    return chain[at]!;
  }
  for (let i = 0; i < chain.length - 1; i++) {
    if (!isTrusted(chain[i]!)) return chain[i]!;
    if (chain[i + 1] === "") return chain[i]!;
  }
  return chain[chain.length - 1]!;
}
