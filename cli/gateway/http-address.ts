import { localizedError } from "../terminal/language.js";

/** Where `gateway --http` listens: a loopback address and a port (0: any free one). */
export interface HttpAddress {
  /** The address to bind: 127.x.x.x or ::1 (`localhost` binds 127.0.0.1). */
  host: string;
  port: number;
}

/**
 * Parses `<host>:<port>` (`[::1]:<port>` for IPv6). Only loopback is accepted: the gateway hands out
 * every server's tools and credentials-backed calls, so it must not be reachable from the network,
 * whatever the token.
 */
export function parseHttpAddress(value: string): HttpAddress {
  const match = /^(?:\[([^\]]*)\]|([^:[\]]*)):(\d{1,5})$/.exec(value);
  const port = match ? Number(match[3]) : NaN;
  if (!match || port > 65535)
    throw localizedError(
      "gateway.http.address.invalid",
      { key: "gateway-http.not-address", params: { value: JSON.stringify(value.slice(0, 80)) } },
      { key: "gateway-http.not-address-hint" },
      { usage: true },
    );
  const name = (match[1] ?? match[2] ?? "").toLowerCase();
  const host = name === "localhost" ? "127.0.0.1" : name;
  if (!isLoopback(host))
    throw localizedError(
      "gateway.http.not-loopback",
      { key: "gateway-http.not-loopback", params: { value: JSON.stringify(value.slice(0, 80)) } },
      { key: "gateway-http.not-loopback-hint", params: { port } },
      { usage: true },
    );
  return { host, port };
}

/** True for 127.0.0.0/8 and ::1 written as literals. */
export function isLoopback(host: string): boolean {
  if (host === "::1" || host === "0:0:0:0:0:0:0:1") return true;
  const parts = host.split(".");
  return (
    parts.length === 4 && parts[0] === "127" && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
  );
}
