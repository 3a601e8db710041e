import type { ChildProcess } from "node:child_process";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { spawnLaunch, type StdioLaunch } from "./child-env.js";
import { isJsonRpcMessage } from "./jsonrpc-shape.js";
import { LineBuffer } from "./line-buffer.js";
import { WriteInTurn } from "./write-in-turn.js";

/** Optional taps: `stderr` sees every chunk the server writes there (run passes it through, redacted). */
export interface StdioTaps {
  stderr?: (chunk: string) => void;
  /** The process ended (or never started): what the launch held for it can go (a sandbox's proxy). */
  ended?: () => void;
}

/** The server wrote a line on stdout that is not a JSON-RPC message. */
export class InvalidStdoutError extends Error {
  constructor(readonly line: string) {
    super("the server wrote something that is not JSON-RPC on stdout");
  }
}

const STDERR_LINES = 20;
/** How long a server has to exit after a forwarded signal before it is SIGKILLed. */
export const KILL_GRACE_MS = 5000;
const MAX_LINE_CHARS = 10 * 1024 * 1024;

/**
 * An MCP client transport over a child's stdin/stdout. Unlike the SDK's StdioClientTransport it keeps
 * what a diagnosis needs: the exit code or signal, the last stderr lines (bounded), and the offending
 * stdout line when the server breaks the protocol.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set once the process has exited. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private child: ChildProcess | undefined;
  /** The child's stdin, written once per event-loop turn (write-in-turn.ts). */
  private input: WriteInTurn | undefined;
  private readonly stdout = new LineBuffer(
    MAX_LINE_CHARS,
    (line) => this.readLine(line),
    () => this.onerror?.(new InvalidStdoutError("(a line longer than 10 MiB)")),
  );
  private stderr = "";
  private closed = false;
  private started: Promise<void> | undefined;
  private killTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly launch: StdioLaunch,
    private readonly taps: StdioTaps = {},
  ) {}

  /**
   * Resolves once the process is running; rejects with the spawn error (ENOENT, EACCES). Idempotent:
   * connectory starts it first to tell launch failures apart, then the SDK's `connect` calls it again.
   */
  start(): Promise<void> {
    this.started ??= this.spawn();
    return this.started;
  }

  private spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawnLaunch(this.launch, "pipe");
      this.child = child;
      if (child.stdin) this.input = new WriteInTurn(child.stdin);
      child.once("error", (error) => {
        if (child.pid === undefined) reject(error);
        else this.onerror?.(error);
      });
      child.once("spawn", () => resolve());
      child.stdout?.setEncoding("utf8").on("data", (chunk: string) => this.stdout.push(chunk));
      child.stderr?.setEncoding("utf8").on("data", (chunk: string) => this.readStderr(chunk));
      // Writing to a server that already died is reported through `close`, not as an uncaught EPIPE.
      child.stdin?.on("error", () => undefined);
      child.once("close", (code, signal) => {
        this.exit = { code, signal };
        this.finish();
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || !this.input || this.exit || stdin.destroyed || stdin.writableEnded)
      return Promise.reject(new Error("the server is not running"));
    return this.input.write(JSON.stringify(message) + "\n");
  }

  /** The server's process id once spawned (the gateway shows it in its health). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Passes a signal on to the server (run forwards the host's SIGINT/SIGTERM/SIGHUP). */
  kill(signal: NodeJS.Signals): void {
    if (!this.exit) this.child?.kill(signal);
  }

  /**
   * Passes `signal` on, and SIGKILLs the server if it is still running `graceMs` later: a server that
   * ignores the host's SIGTERM must not outlive the host. Later calls pass their signal on; the first
   * deadline stands.
   */
  terminate(signal: NodeJS.Signals, graceMs: number = KILL_GRACE_MS): void {
    const child = this.child;
    if (!child || this.exit) return;
    child.kill(signal);
    if (this.killTimer) return;
    this.killTimer = setTimeout(() => {
      if (!this.exit) child.kill("SIGKILL");
    }, graceMs);
    child.once("close", () => clearTimeout(this.killTimer));
  }

  /** The MCP shutdown: ends stdin, then SIGTERM, then SIGKILL; resolves when the process is gone. */
  close(): Promise<void> {
    return this.stop(["SIGTERM", "SIGKILL"]);
  }

  /** For a server that already failed (timeout, garbage): no grace period, SIGTERM at once. */
  abort(): Promise<void> {
    this.child?.kill("SIGTERM");
    return this.stop(["SIGKILL"]);
  }

  private async stop(signals: NodeJS.Signals[]): Promise<void> {
    const child = this.child;
    if (!child || this.exit) return this.finish();
    const gone = new Promise<void>((resolve) => child.once("close", () => resolve()));
    this.input?.flush(); // what was sent this turn goes before the end of stdin
    child.stdin?.end();
    for (const signal of signals) {
      if (await settlesWithin(gone, 2000)) break;
      child.kill(signal);
    }
    await settlesWithin(gone, 2000);
    this.finish();
  }

  /** The last lines the server wrote on stderr (unredacted: callers redact before showing them). */
  stderrTail(): string[] {
    return this.stderr
      .split("\n")
      .filter((l) => l.trim() !== "")
      .slice(-STDERR_LINES);
  }

  private readLine(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      if (line.trim() !== "") this.onerror?.(new InvalidStdoutError(line));
      return;
    }
    if (isJsonRpcMessage(message)) this.onmessage?.(message);
    else this.onerror?.(new InvalidStdoutError(line));
  }

  // Keeps only a tail: a chatty server must not grow our memory without bound.
  private readStderr(chunk: string): void {
    this.taps.stderr?.(chunk);
    this.stderr = (this.stderr + chunk).slice(-8192);
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.taps.ended?.();
    this.onclose?.();
  }
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
