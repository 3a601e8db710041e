import type { ChildProcess } from "node:child_process";
import net from "node:net";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { localizedError } from "../terminal/language.js";
import { spawnLaunch, type StdioLaunch } from "./child-env.js";

// A local server that serves MCP over HTTP (mcp.json 2 `transport`): the process is started as a stdio one
// would be (same launch, same sandbox plan), Connectory waits until its loopback port accepts connections,
// then speaks Streamable HTTP or SSE to it through the transport it is given. To the host it is one server.

/** How long a local HTTP server may take to open its port. */
export const PORT_WAIT_MS = 30_000;
const POLL_MS = 100;

export class LocalHttpTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  private exited = false;
  private closing = false;

  constructor(
    private readonly launch: StdioLaunch,
    private readonly url: URL,
    private readonly connect: () => Transport,
    private readonly io: { stderr?: (chunk: string) => void; ended?: () => void; waitMs?: number } = {},
  ) {}

  private inner: Transport | undefined;

  async start(): Promise<void> {
    // Its stdout is not MCP here: both streams are the server's log, passed on as stderr.
    const child = spawnLaunch(this.launch, "ignore");
    this.child = child;
    for (const stream of [child.stdout, child.stderr])
      stream?.setEncoding("utf8").on("data", (chunk: string) => this.io.stderr?.(chunk));
    child.once("close", () => {
      this.exited = true;
      this.io.ended?.();
      if (!this.closing) this.onclose?.();
    });
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", reject);
    });
    await this.waitForPort(this.io.waitMs ?? PORT_WAIT_MS);
    const inner = this.connect();
    inner.onmessage = (m) => this.onmessage?.(m);
    inner.onerror = (e) => this.onerror?.(e);
    this.inner = inner;
    await inner.start();
  }

  /** Polls the loopback port until it accepts a connection, the process ends, or the wait is over. */
  private async waitForPort(waitMs: number): Promise<void> {
    const port = Number(this.url.port || (this.url.protocol === "https:" ? 443 : 80));
    const host = this.url.hostname.replace(/^\[|\]$/g, "");
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (this.exited)
        throw localizedError(
          "run.local-http.exited",
          { key: "local-http.exited", params: { host: this.url.host } },
          { key: "local-http.exited-hint" },
        );
      if (await accepts(host, port)) return;
      if (Date.now() > deadline) {
        await this.close();
        throw localizedError(
          "run.local-http.timeout",
          { key: "local-http.timeout", params: { host: this.url.host, seconds: Math.round(waitMs / 1000) } },
          { key: "local-http.timeout-hint" },
        );
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.inner) return Promise.reject(new Error("the server is not running"));
    return this.inner.send(message);
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.inner?.close().catch(() => undefined);
    if (this.child && !this.exited) {
      const child = this.child;
      const gone = new Promise<void>((r) => child.once("close", () => r()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      await gone;
      clearTimeout(timer);
    }
    this.onclose?.();
  }
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
