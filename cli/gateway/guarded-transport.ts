import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { MessageFilter } from "../mcp/bridge.js";

/**
 * A client transport that passes every message through a filter (the tool guard of `run`), so an SDK
 * `Client` can talk to a server with the same checks `run` applies: the filter may answer a request
 * itself (a refusal) or rewrite/drop what the server sends. Each direction is a queue, as in
 * bridge.ts, so a notification (a cancellation) never overtakes the request it is about while the
 * filter awaits; answers to the server's requests skip the queue.
 */
export class GuardedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private toServer: Promise<void> = Promise.resolve();
  private toClient: Promise<void> = Promise.resolve();

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
        if (out) this.onmessage?.(out);
      });
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => {
      this.filter.close();
      void this.toClient.then(() => this.onclose?.());
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!("method" in message)) return this.inner.send(message);
    const sent = this.toServer.then(async () => {
      const reply = await this.filter.fromHost(message);
      if (reply) this.onmessage?.(reply);
      else await this.inner.send(message);
    });
    this.toServer = sent.catch(() => undefined);
    return sent;
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }
}
