import { BlockList, isIPv6 } from "node:net";
import type { Context, MiddlewareHandler } from "hono";
import {
  normalizeNode,
  parseForwarded,
  parseXForwardedFor,
  pickClient,
  type TrustedProxies,
} from "../core/net/forwarded.js";

/** How the registry finds its clients behind proxies (TRUSTED_PROXIES, TRUSTED_PROXY_HEADER). */
export interface ClientAddressRule {
  trust: TrustedProxies;
  /** The header the trusted proxies write: X-Forwarded-For (nginx, most balancers) or RFC 7239 Forwarded. */
  header: "x-forwarded-for" | "forwarded";
}

/** The rule of a registry with no proxy in front: the socket's peer is the client. */
export const DIRECT: ClientAddressRule = { trust: { kind: "none" }, header: "x-forwarded-for" };

const RULE = "connectoryClientRule";

/** Puts `rule` on every request, so clientAddress(c) can apply it (installed first by createApp). */
export function clientAddressRule(rule: ClientAddressRule): MiddlewareHandler {
  const isTrusted = trustedMatcher(rule.trust);
  const resolved = { rule, isTrusted };
  return async (c, next) => {
    c.set(RULE as never, resolved as never);
    await next();
  };
}

/**
 * The address of the client that sent a request — the one function every per-client rule uses (failed
 * logins, reports, download counts, logs). The TCP peer (@hono/node-server's `c.env.incoming`), unless
 * that peer is a trusted proxy: then the right-most untrusted hop of the configured header. From an
 * untrusted peer the headers are ignored (anyone can send them). "unknown" for an in-process request.
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const raw = env?.incoming?.socket?.remoteAddress;
  const peer = raw === undefined ? "unknown" : normalizeNode(raw) || raw;
  const resolved = c.get(RULE as never) as
    { rule: ClientAddressRule; isTrusted: (address: string) => boolean } | undefined;
  if (!resolved || resolved.rule.trust.kind === "none") return peer;
  const { rule, isTrusted } = resolved;
  const value = c.req.header(rule.header);
  if (!value) return peer;
  const hops = rule.header === "forwarded" ? parseForwarded(value) : parseXForwardedFor(value);
  return pickClient(peer, hops, rule.trust, isTrusted) || peer;
}

function trustedMatcher(trust: TrustedProxies): (address: string) => boolean {
  if (trust.kind !== "ranges") return () => trust.kind === "hops";
  const list = new BlockList();
  for (const r of trust.ranges) list.addSubnet(r.address, r.prefix, r.family);
  return (address) => {
    if (address === "" || address === "unknown") return false;
    try {
      return list.check(address, isIPv6(address) ? "ipv6" : "ipv4");
    } catch {
      return false;
    }
  };
}
