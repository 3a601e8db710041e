import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

// Many remote MCP servers behind one loopback port, one per path, for the checker's tests and bench:
//   /up/<name>       a real MCP server (the SDK's, Streamable HTTP, stateless) with two tools
//   /flaky/<name>    the same while `flaky.up`, else an HTML page (reachable, not MCP)
//   /auth/<name>     401 with a bearer challenge (needs sign-in)
//   /garbage/<name>  200 with a truncated JSON body
// `?delay=<ms>` holds the answer that long (network latency). `hits` counts initialize requests per name.

export interface McpFleet {
  url: string;
  hits: Map<string, number>;
  flaky: { up: boolean };
  close(): Promise<void>;
}

const TOOLS = [
  { name: "one", description: "first", inputSchema: { type: "object" as const, properties: {} } },
  { name: "two", description: "second", inputSchema: { type: "object" as const, properties: {} } },
];

function mcp(): Server {
  const server = new Server({ name: "fleet", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  return server;
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the fleet on 127.0.0.1 (a free port). */
export async function mcpFleet(): Promise<McpFleet> {
  const hits = new Map<string, number>();
  const flaky = { up: true };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fleet");
    const [, kind, name = ""] = url.pathname.split("/");
    const delay = Number(url.searchParams.get("delay") ?? 0);
    const body = req.method === "POST" ? await readBody(req) : (req.resume(), undefined);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if ((body as { method?: string } | undefined)?.method === "initialize")
      hits.set(name, (hits.get(name) ?? 0) + 1);
    if (kind === "auth") {
      res.writeHead(401, {
        "www-authenticate": `Bearer resource_metadata="${url.origin}/.well-known/oauth-protected-resource"`,
      });
      res.end();
    } else if (kind === "garbage") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"jsonrpc":"2.0","result":{');
    } else if (kind === "up" || (kind === "flaky" && flaky.up)) {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => void transport.close());
      await mcp().connect(transport);
      await transport.handleRequest(req, res, body);
    } else if (kind === "flaky") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
    } else res.writeHead(404).end();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    flaky,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
