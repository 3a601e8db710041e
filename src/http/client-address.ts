import type { Context } from "hono";

/**
 * The address of the client that sent a request: the TCP peer as @hono/node-server passes it
 * (`c.env.incoming`), or "unknown" for an in-process request (app.request without an env). Behind a
 * reverse proxy every client has the proxy's address; X-Forwarded-For is not trusted (anyone can send it).
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}
