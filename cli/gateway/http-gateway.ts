import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { GatewayServer } from "./gateway-server.js";
import { bearerMatches } from "./gateway-token.js";
import { isLoopback, type HttpAddress } from "./http-address.js";
import { localizedError, say } from "../terminal/language.js";

/** What the HTTP front needs: where to listen, the token, and a fresh gateway per host session. */
export interface HttpGatewayOptions extends HttpAddress {
  token: string;
  /** A new MCP server (sharing the gateway's upstreams) for one host session. */
  open(): GatewayServer;
  /** That session ended (the host sent DELETE, or its server closed). */
  closed(gateway: GatewayServer): void;
  log(message: string): void;
  /** Open sessions at most (default 100): a client opening sessions in a loop gets 503, not the memory. */
  maxSessions?: number;
}

/** The path the gateway serves MCP on. */
export const MCP_PATH = "/mcp";

/**
 * Serves the gateway as streamable HTTP on a loopback address: one MCP session per host (its own
 * `mcp-session-id`), each request carrying `Authorization: Bearer <token>` (401 otherwise), and a Host
 * header naming a loopback address (403 otherwise: a web page must not reach it by DNS rebinding).
 */
export async function startHttpGateway(
  options: HttpGatewayOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; gateway: GatewayServer }>();
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      options.log(say("gateway-log.http", { message: error.message }));
      if (!res.headersSent) reply(res, 500, "the gateway failed on this request (see its stderr)");
      else res.end();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== MCP_PATH) return reply(res, 404, `the gateway serves MCP on ${MCP_PATH} only`);
    if (!loopbackHost(req.headers.host))
      return reply(res, 403, "the Host header must name a loopback address (127.0.0.1, [::1], localhost)");
    if (!bearerMatches(req.headers.authorization, options.token)) {
      res.setHeader("www-authenticate", 'Bearer realm="connectory-gateway"');
      return reply(
        res,
        401,
        "a bearer token is required: send `Authorization: Bearer <token>`, the token printed by `connectory gateway token`",
      );
    }
    const id = req.headers["mcp-session-id"];
    if (typeof id === "string") {
      const session = sessions.get(id);
      if (!session) return reply(res, 404, "no such session (the gateway restarted?): initialize again");
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== "POST")
      return reply(res, 400, "no mcp-session-id: start a session with a POST of initialize");
    if (sessions.size >= (options.maxSessions ?? 100))
      return reply(res, 503, "too many open sessions: close one (DELETE with its mcp-session-id) first");
    const gateway = options.open();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => void sessions.set(sid, { transport, gateway }),
      onsessionclosed: (sid) => void sessions.delete(sid),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      options.closed(gateway);
    };
    await gateway.server.connect(transport);
    await transport.handleRequest(req, res);
    // Not an initialize: the transport answered with an error, and no session was made.
    if (transport.sessionId === undefined) await gateway.server.close();
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        localizedError(
          "gateway.http.listen-failed",
          {
            key: "gateway-http.listen-failed",
            params: { address: `${options.host}:${options.port}`, why: error.code ?? error.message },
          },
          {
            key:
              error.code === "EADDRINUSE"
                ? "gateway-http.port-taken-hint"
                : "gateway-http.check-address-hint",
          },
        ),
      ),
    );
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${MCP_PATH}`,
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.gateway.server.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function loopbackHost(header: string | undefined): boolean {
  const match = /^(?:\[([^\]]+)\]|([^:]+))(?::\d+)?$/.exec(header ?? "");
  const name = (match?.[1] ?? match?.[2] ?? "").toLowerCase();
  return name === "localhost" || isLoopback(name);
}

/** A JSON-RPC error body (the shape MCP clients read) with an HTTP status. */
function reply(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}
