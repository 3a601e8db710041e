/**
 * Resource URIs through the gateway: `connectory://<server>/<the server's own URI>`, the server name
 * percent-encoded, so two servers listing the same URI (`file:///notes.md`) stay apart and a read goes
 * back to the server that listed it. Templates get the same prefix (RFC 6570 literals).
 */
export const GATEWAY_URI_PREFIX = "connectory://";

export function gatewayUri(server: string, uri: string): string {
  return `${GATEWAY_URI_PREFIX}${encodeURIComponent(server)}/${uri}`;
}

/** The server and its own URI from a gateway URI, or undefined for any other URI. */
export function parseGatewayUri(uri: string): { server: string; uri: string } | undefined {
  if (!uri.startsWith(GATEWAY_URI_PREFIX)) return undefined;
  const rest = uri.slice(GATEWAY_URI_PREFIX.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  let server: string;
  try {
    server = decodeURIComponent(rest.slice(0, slash));
  } catch {
    return undefined;
  }
  return { server, uri: rest.slice(slash + 1) };
}
