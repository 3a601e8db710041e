import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { hostAllowed, proxyTarget } from "../../src/core/sandbox/host-allowlist.js";
import { say } from "../terminal/language.js";

/** A running filtering proxy: the unix socket the sandbox reaches it by, and how to stop it. */
export interface FilterProxy {
  /** Its unix socket (Linux), or "" when it listens on loopback TCP (macOS: see `port`). */
  socket: string;
  /** Its port on 127.0.0.1 when started with `{ tcp: true }`. */
  port?: number;
  /** `host:port` of every refused request, in order (for tests and logs). */
  refused: string[];
  close(): Promise<void>;
}

/** How long an upstream connection may take to open before the client gets a 504. */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * The proxy a sandbox with a host allowlist talks to (the sandbox has no network of its own; socat
 * inside bridges 127.0.0.1:3128 to this unix socket): CONNECT tunnels and plain `http://` requests to
 * an allowed host are passed on, anything else is answered 403 and never leaves the machine. It runs
 * in the Connectory process for as long as the server does, and does not keep that process alive.
 */
export async function startFilterProxy(
  allowlist: readonly string[],
  log: (line: string) => void = () => undefined,
  listen: { tcp?: boolean } = {},
): Promise<FilterProxy> {
  // macOS (sandbox-exec) has no network namespace to bridge into: the proxy listens on an ephemeral
  // loopback port, the one the Seatbelt profile lets the server connect to.
  const dir = listen.tcp ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), "connectory-proxy-"));
  const socket = dir ? path.join(dir, "proxy.sock") : "";
  const refused: string[] = [];
  const refuse = (what: string) => {
    refused.push(what);
    log(say("session.proxy-refused", { what }));
  };
  const server = http.createServer((req, res) => {
    const target = proxyTarget(req.method ?? "", req.url ?? "");
    if (!target) {
      res
        .writeHead(400, { "content-type": "text/plain" })
        .end("connectory sandbox proxy: absolute http:// URLs only\n");
      return;
    }
    if (!hostAllowed(allowlist, target.host, target.port)) {
      refuse(`${target.host}:${target.port}`);
      res
        .writeHead(403, { "content-type": "text/plain" })
        .end(`connectory sandbox: ${target.host} is not allowed\n`);
      return;
    }
    const url = new URL(req.url as string);
    const headers = { ...req.headers };
    for (const h of ["proxy-authorization", "proxy-connection"]) delete headers[h];
    const upstream = http.request(
      { host: target.host, port: target.port, method: req.method, path: url.pathname + url.search, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // Only reaching the host is timed: a long answer (a stream) may take as long as it takes.
    const timer = setTimeout(() => upstream.destroy(new Error("timed out")), CONNECT_TIMEOUT_MS);
    upstream.once("response", () => clearTimeout(timer));
    upstream.once("close", () => clearTimeout(timer));
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on("error", () => client.destroy());
    const target = proxyTarget("CONNECT", req.url ?? "");
    if (!target || !hostAllowed(allowlist, target.host, target.port)) {
      refuse(target ? `${target.host}:${target.port}` : String(req.url).slice(0, 100));
      client.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    const upstream = net.connect({ host: target.host, port: target.port, timeout: CONNECT_TIMEOUT_MS });
    upstream.once("connect", () => {
      upstream.setTimeout(0);
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.once("timeout", () => upstream.destroy(new Error("timed out")));
    upstream.on("error", () => {
      if (client.writable) client.end("HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n");
    });
    client.on("close", () => upstream.destroy());
  });
  server.on("clientError", (_error, client) => client.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (dir) server.listen(socket, () => resolve());
    else server.listen(0, "127.0.0.1", () => resolve());
  });
  server.unref();
  const address = server.address();
  return {
    socket,
    ...(!dir && address && typeof address === "object" ? { port: address.port } : {}),
    refused,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
