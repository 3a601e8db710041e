import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  McpError,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import type { MessageFilter } from "../mcp/bridge.js";
import type { Cancel } from "./cancel.js";

/** The server's answer to one request sent with `call`: its result or its error, after the filter. */
export type Answer =
  { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };

/**
 * A client transport that passes every message through a filter (the tool guard of `run`), so an SDK
 * `Client` can talk to a server with the same checks `run` applies: the filter may answer a request
 * itself (a refusal) or rewrite/drop what the server sends. Each direction is a queue, as in
 * bridge.ts, so a notification (a cancellation) never overtakes the request it is about while the
 * filter awaits; answers to the server's requests skip the queue.
 *
 * `call` sends a request of the gateway's own past the SDK `Client` (the tools/call fast path of
 * fast-server.ts): same filter, same queues, and its answer is handed back instead of to the Client.
 */
export class GuardedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private toServer: Promise<void> = Promise.resolve();
  private toClient: Promise<void> = Promise.resolve();
  private readonly waiting = new Map<RequestId, { resolve(a: Answer): void; reject(e: Error): void }>();
  private closed = false;

  constructor(
    private readonly inner: Transport,
    private readonly filter: MessageFilter,
  ) {
    inner.onmessage = (message) => {
      this.toClient = this.toClient.then(async () => {
        const out = await this.filter.fromServer(message).catch((error: Error) => {
          this.onerror?.(error);
          return undefined;
        });
        if (out) this.deliver(out);
      });
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => {
      this.filter.close();
      void this.toClient.then(() => {
        this.closed = true;
        // As the SDK Client rejects what it still waits for.
        for (const w of this.waiting.values())
          w.reject(new McpError(ErrorCode.ConnectionClosed, "Connection closed"));
        this.waiting.clear();
        this.onclose?.();
      });
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!("method" in message)) return this.inner.send(message);
    const sent = this.toServer.then(async () => {
      const reply = await this.filter.fromHost(message);
      if (reply) this.deliver(reply);
      else await this.inner.send(message);
    });
    this.toServer = sent.catch(() => undefined);
    return sent;
  }

  /**
   * Sends `request` and resolves with the answer to it. When `cancel` fires first the server is sent
   * notifications/cancelled and the promise rejects with the reason (-32001), as the SDK Client does;
   * a request cancelled before it is sent is not sent at all.
   */
  call(request: JSONRPCRequest, cancel?: Cancel): Promise<Answer> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new McpError(ErrorCode.ConnectionClosed, "Connection closed"));
      if (cancel?.cancelled) return reject(cancelled(cancel.reason));
      const id = request.id;
      this.waiting.set(id, {
        resolve: (answer) => (cancel?.onCancel(undefined), resolve(answer)),
        reject: (error) => (cancel?.onCancel(undefined), reject(error)),
      });
      cancel?.onCancel((reason) => {
        if (!this.waiting.delete(id)) return;
        void this.send({
          jsonrpc: "2.0",
          method: "notifications/cancelled",
          params: { requestId: id, reason: String(reason) },
        }).catch((error: unknown) =>
          this.onerror?.(new Error(`Failed to send cancellation: ${String(error)}`)),
        );
        reject(cancelled(reason));
      });
      this.send(request).catch((error: Error) => {
        const waiter = this.waiting.get(id);
        this.waiting.delete(id);
        waiter?.reject(error);
      });
    });
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  // An answer to a `call` goes back to it; everything else to the Client.
  private deliver(message: JSONRPCMessage): void {
    if (!("method" in message) && "id" in message && message.id !== undefined) {
      const waiter = this.waiting.get(message.id);
      if (waiter) {
        this.waiting.delete(message.id);
        waiter.resolve(message as Answer);
        return;
      }
    }
    this.onmessage?.(message);
  }
}

/** The error a cancelled call rejects with: the reason when it is an McpError, else -32001 with its words. */
function cancelled(reason: unknown): McpError {
  return reason instanceof McpError ? reason : new McpError(ErrorCode.RequestTimeout, String(reason));
}
