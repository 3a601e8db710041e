import { StringDecoder } from "node:string_decoder";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Sink } from "../context.js";
import { isJsonRpcMessage } from "./jsonrpc-shape.js";
import { LineBuffer } from "./line-buffer.js";
import { WriteInTurn, type TurnSink } from "./write-in-turn.js";

const MAX_LINE_CHARS = 10 * 1024 * 1024;

/** The host sent a line that is not one JSON-RPC message; it was answered with a JSON-RPC error. */
export class InvalidHostMessageError extends Error {}

/**
 * The host's side of `connectory run`: newline-delimited JSON-RPC on stdin/stdout, the framing of the
 * MCP stdio transport. Unlike the SDK's StdioServerTransport it notices when the host closes stdin
 * (so the server can be shut down), reads string or Buffer chunks (tests pass strings), bounds a line
 * at 10 MiB, and answers a line that is not JSON-RPC with the JSON-RPC parse / invalid-request error.
 * What it sends in one turn of the event loop goes out in one write (write-in-turn.ts).
 */
export class HostStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;
  private readonly decoder = new StringDecoder("utf8");
  private readonly lines = new LineBuffer(
    MAX_LINE_CHARS,
    (line) => this.readLine(line),
    () => this.reject(null, -32600, "Invalid Request: a message longer than 10 MiB"),
  );

  private readonly out: WriteInTurn;

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: Sink,
  ) {
    this.out = new WriteInTurn(stdout as TurnSink);
  }

  async start(): Promise<void> {
    if (this.closed) return;
    this.stdin.on("data", this.onData);
    this.stdin.on("end", this.onEnd);
    this.stdin.on("close", this.onEnd);
    this.stdin.on("error", this.onStreamError);
    // A host that goes away mid-write must not crash us with EPIPE; `end` on stdin follows.
    (this.stdout as { on?: (e: string, f: () => void) => void }).on?.("error", () => undefined);
  }

  // Sending goes on after the host closed stdin: a host shutting down still reads the answers to
  // what it sent (the SDK client ends stdin, then waits for the server to exit).
  // Once closed, nothing waits for the end of the turn: the process may be about to end.
  send(message: JSONRPCMessage): Promise<void> {
    const sent = this.out.write(JSON.stringify(message) + "\n");
    if (this.closed) this.out.flush();
    return sent;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off("data", this.onData);
    this.stdin.off("end", this.onEnd);
    this.stdin.off("close", this.onEnd);
    this.stdin.off("error", this.onStreamError);
    // Stop reading, so a host that keeps stdin open does not keep this process alive.
    this.stdin.pause();
    (this.stdin as { destroy?: () => void }).destroy?.();
    this.out.flush();
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void =>
    this.lines.push(typeof chunk === "string" ? chunk : this.decoder.write(chunk));

  private readonly onEnd = (): void => {
    const tail = this.decoder.end();
    if (tail !== "") this.lines.push(tail);
    const rest = this.lines.end();
    if (rest !== "") this.readLine(rest);
    void this.close();
  };

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private readLine(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (line.trim() === "") return;
      return this.reject(null, -32700, "Parse error: not JSON");
    }
    if (!isJsonRpcMessage(value)) {
      const id = (value as { id?: unknown } | null)?.id;
      const usable = typeof id === "string" || typeof id === "number" ? id : null;
      return this.reject(usable, -32600, "Invalid Request: not a JSON-RPC 2.0 message");
    }
    this.onmessage?.(value as JSONRPCMessage);
  }

  private reject(id: string | number | null, code: number, message: string): void {
    this.onerror?.(new InvalidHostMessageError(message));
    // `id: null` is what JSON-RPC prescribes when the request's id could not be read.
    void this.send({ jsonrpc: "2.0", id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}
