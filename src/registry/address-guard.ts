import { BlockList, isIP } from "node:net";
import { ConnectoryError } from "../core/errors.js";

// The registry's one SSRF guard: which addresses the registry may connect to. Everything the registry
// fetches obeys it: the checker (every IP literal, resolved address and redirect hop passes through
// `refusal`; the operator's CHECK_ALLOWLIST is the only way around it) and the publisher proofs
// (`isPublicAddress` in src/registry/publishers/proof-fetch.ts). An IPv6 address that carries an IPv4
// one (IPv4-mapped, IPv4-translated, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged as that IPv4 address;
// the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215) and IPv4-compatible ::/96 are never public.

/** Why an address is not a public unicast one (the suffix of the error code `check.ssrf.<class>`). */
export type AddressClass =
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "cgnat"
  | "multicast"
  | "metadata"
  | "reserved"
  | "documentation";

const V4: Array<[string, number, AddressClass]> = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "cgnat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];
const V6: Array<[string, number, AddressClass]> = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["::", 96, "reserved"], // IPv4-compatible (deprecated)
  ["64:ff9b:1::", 48, "reserved"], // local-use NAT64 (RFC 8215): translates to whatever the operator chose
  ["100::", 64, "reserved"], // discard
  ["2001::", 23, "reserved"], // IETF protocol assignments (Teredo, ORCHID, …)
  ["2001:db8::", 32, "documentation"],
  ["fc00::", 7, "private"], // unique local
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "private"], // site-local (deprecated)
  ["ff00::", 8, "multicast"],
];
/** Cloud metadata services: link-local / unique-local already, named here so the refusal says so. */
const METADATA = ["169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254"];

const lists = new Map<AddressClass, BlockList>();
function listFor(kind: AddressClass): BlockList {
  let list = lists.get(kind);
  if (!list) lists.set(kind, (list = new BlockList()));
  return list;
}
for (const [net, prefix, kind] of V4) listFor(kind).addSubnet(net, prefix, "ipv4");
for (const [net, prefix, kind] of V6) listFor(kind).addSubnet(net, prefix, "ipv6");
const metadata = new BlockList();
for (const a of METADATA) metadata.addAddress(a, isIP(a) === 6 ? "ipv6" : "ipv4");

/** The 16 bytes of an IPv6 address (already validated by isIP). */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const quad = (at: number) => b.slice(at, at + 4).join(".");
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return quad(12); // ::ffff:a.b.c.d
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return quad(12); // ::ffff:0:a.b.c.d
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return quad(12); // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return quad(2); // 2002:aabb:ccdd::/16
  return undefined;
}

/** The class of a non-public address, or undefined for a public unicast address (or not an IP at all). */
export function classifyAddress(address: string): AddressClass | undefined {
  const bare = address.replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return undefined;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (metadata.check(bare, type)) return "metadata";
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined) return classifyAddress(v4);
  }
  for (const [kind, list] of lists) if (list.check(bare, type)) return kind;
  return undefined;
}

/** Whether `address` is an IP literal the registry may fetch from: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  return isIP(address.replace(/%.*$/, "")) !== 0 && classifyAddress(address) === undefined;
}

/** The operator's CHECK_ALLOWLIST: host names and addresses/CIDRs the guard lets through. */
export interface Allowlist {
  hosts: Set<string>;
  addresses: BlockList;
}

/** Parses CHECK_ALLOWLIST (`host,10.0.0.0/8,::1`); an entry that is neither a host nor a CIDR is an error. */
export function parseAllowlist(text: string | undefined): Allowlist {
  const allow: Allowlist = { hosts: new Set(), addresses: new BlockList() };
  for (const raw of (text ?? "").split(",")) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, "");
    if (entry === "") continue;
    const [net, prefixText, extra] = entry.split("/");
    const family = isIP(net!);
    if (family !== 0) {
      const max = family === 4 ? 32 : 128;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (extra !== undefined || !/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max)
        throw badEntry(raw);
      allow.addresses.addSubnet(net!, prefix, family === 4 ? "ipv4" : "ipv6");
    } else if (/^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/.test(entry)) {
      allow.hosts.add(entry.replace(/\.$/, ""));
    } else throw badEntry(raw);
  }
  return allow;
}

function badEntry(raw: string): ConnectoryError {
  return new ConnectoryError(
    "check.allowlist.invalid",
    `CHECK_ALLOWLIST entry "${raw.trim().slice(0, 80)}" is neither a host name nor an address or CIDR`,
    { hint: "list host names or CIDRs separated by commas, e.g. CHECK_ALLOWLIST=127.0.0.1,10.1.0.0/16" },
  );
}

/**
 * Why the checker must not connect to `address` (reached through `host`): a ConnectoryError
 * `check.ssrf.<class>`, or undefined when it may (a public address, or one the allowlist names).
 */
export function refusal(address: string, host: string, allow: Allowlist): ConnectoryError | undefined {
  const kind = classifyAddress(address);
  if (kind === undefined) return undefined;
  const bare = address.replace(/%.*$/, "");
  if (
    allow.hosts.has(
      host
        .toLowerCase()
        .replace(/^\[|\]$/g, "")
        .replace(/\.$/, ""),
    )
  )
    return undefined;
  if (allow.addresses.check(bare, isIP(bare) === 4 ? "ipv4" : "ipv6")) return undefined;
  const v4 = isIP(bare) === 6 ? embeddedIpv4(bare) : undefined;
  if (v4 !== undefined && allow.addresses.check(v4, "ipv4")) return undefined;
  return new ConnectoryError(
    `check.ssrf.${kind}`,
    `refused to connect to ${host} (${bare}): a ${kind} address`,
    { hint: "the checker only connects to public addresses; operators may allow one with CHECK_ALLOWLIST" },
  );
}
