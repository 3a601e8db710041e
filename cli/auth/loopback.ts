import http from "node:http";
import type { AddressInfo } from "node:net";
import { ConnectoryError } from "../../src/core/errors.js";
import { localizedError } from "../terminal/language.js";

/** localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === "[::1]";
}

/** A redirect URI Connectory may use: http to 127.0.0.1 with a port (RFC 8252 §7.3). */
export function isLoopbackRedirect(uri: string): boolean {
  try {
    const u = new URL(uri);
    return u.protocol === "http:" && u.hostname === "127.0.0.1" && u.port !== "";
  } catch {
    return false;
  }
}

/** The redirect listener of one sign-in. */
export interface Loopback {
  redirectUri: string;
  /** The query of the first request to the callback path. */
  callback: Promise<URLSearchParams>;
  close(): Promise<void>;
}

const PAGE = (ok: boolean) =>
  `<!doctype html><meta charset="utf-8"><title>Connectory</title><p>${
    ok
      ? "Signed in. You can close this window and go back to the terminal."
      : "Sign-in failed: see the terminal."
  }</p>`;

/**
 * Listens on 127.0.0.1 for the authorization redirect (RFC 8252 §7.3): on `preferredPort` when given and
 * free (the port of a registration being reused), else on an ephemeral port. The first request to
 * /callback ends it; it closes then, or after `timeoutMs` (auth.timeout).
 */
export async function startLoopback(timeoutMs: number, preferredPort?: number): Promise<Loopback> {
  let settle!: { resolve: (q: URLSearchParams) => void; reject: (e: Error) => void };
  const callback = new Promise<URLSearchParams>((resolve, reject) => (settle = { resolve, reject }));
  callback.catch(() => undefined);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== "/callback") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const ok = url.searchParams.has("code") && !url.searchParams.has("error");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(PAGE(ok));
    settle.resolve(url.searchParams);
    void close();
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const failed = (e: Error) => reject(e);
      server.once("error", failed);
      server.listen(port, "127.0.0.1", () => (server.off("error", failed), resolve()));
    });
  if (preferredPort === undefined || !(preferredPort > 0 && preferredPort < 65536)) await listen(0);
  else await listen(preferredPort).catch(() => listen(0)); // taken: any port will do
  const timer = setTimeout(() => {
    settle.reject(
      localizedError(
        "auth.timeout",
        { key: "oauth.timeout", params: { seconds: Math.round(timeoutMs / 1000) } },
        { key: "oauth.timeout-hint" },
      ),
    );
    void close();
  }, timeoutMs);
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      server.closeAllConnections();
      server.close(() => resolve());
    }));
  const { port } = server.address() as AddressInfo;
  return { redirectUri: `http://127.0.0.1:${port}/callback`, callback, close };
}
