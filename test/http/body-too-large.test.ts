import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer } from "../helpers/registry.js";

// Over a real socket: a 413 sent while the rest of a chunked body is still unread must not leave the
// client's keep-alive connection to be reused (the next request on it would fail with "socket hang up").

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.token("acme");
});
afterAll(() => server.close());

function send(
  agent: http.Agent,
  method: string,
  path: string,
  body?: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = http.request({ host: url.hostname, port: url.port, method, path, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
      );
    });
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

it.each([
  ["with Content-Length", true],
  ["chunked, without a length", false],
])("a 413 %s closes the connection, and the next request on the agent succeeds", async (_, withLength) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const big = Buffer.alloc(6 * 1024 * 1024);
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      "content-type": "application/gzip",
    };
    if (withLength) headers["content-length"] = String(big.length);
    const refused = await send(agent, "PUT", "/v1/connectors/big", big, headers);
    expect(refused.status).toBe(413);
    expect(refused.connection).toBe("close");
    expect(JSON.parse(refused.body).code).toBe("request.body.too-large");
    const next = await send(agent, "GET", "/healthz");
    expect(next.status).toBe(200);
    const list = await send(agent, "GET", "/v1/connectors");
    expect(JSON.parse(list.body).items).toEqual([]); // nothing was stored
  } finally {
    agent.destroy();
  }
});
