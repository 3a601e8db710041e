import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { RemoteServer } from "../../src/core/types.js";
import { say } from "../terminal/language.js";

/** Which side ended the session first. */
export type ClosedBy = "host" | "server";

/** What may look at (and answer or rewrite) the messages in each direction: the tool guard. */
export interface MessageFilter {
  /** undefined forwards the host's message; a message is sent back to the host instead. */
  fromHost(message: JSONRPCMessage): Promise<JSONRPCMessage | undefined>;
  /** The message to forward to the host, or undefined to drop it. */
  fromServer(message: JSONRPCMessage): Promise<JSONRPCMessage | undefined>;
  close(): void;
}

const PASS: MessageFilter = {
  fromHost: async () => undefined,
  fromServer: async (m) => m,
  close: () => undefined,
};

/** Reports a server transport's errors: each one logged once, and its words for the host's reply. */
export interface ServerErrors {
  /** Logs `error` unless it was already reported; returns the one-line message for a JSON-RPC error. */
  report(error: unknown): string;
}

/**
 * The usual ServerErrors: `explain` puts an error in words (default: its message). The SDK's transports
 * both report an error through onerror and reject with it, so the same error is logged once, not twice.
 */
export function serverErrors(
  log: (message: string) => void,
  explain: (error: unknown) => { message: string; hint?: string | undefined } = (error) => ({
    message: `server: ${(error as Error).message}`,
  }),
): ServerErrors {
  const seen = new WeakSet<object>();
  return {
    report(error) {
      const { message, hint } = explain(error);
      const key = typeof error === "object" && error !== null ? error : undefined;
      if (!key || !seen.has(key)) log(hint ? `${message}\n  ${hint}` : message);
      if (key) seen.add(key);
      return message;
    },
  };
}

/**
 * Proxies MCP messages between a host (`host`, usually stdio) and a server (a child's stdio, or a
 * remote streamable-HTTP/SSE endpoint), passing each through `filter`. Both transports must be
 * started by the caller's `start` order: the server first (its failure is a launch error), then the
 * host. Resolves once both sides are closed, saying which ended first; every message the server sent
 * before it closed has reached the host.
 *
 * Order: each direction is a queue, so requests and notifications reach the other side in the order
 * they were sent even while the filter awaits (pins on disk, its own tools/list). The host's answers
 * to server requests skip the queue: a server may ask the host something (roots, sampling) while the
 * guard waits for that server's tools/list, and holding the answer back would deadlock them.
 */
/** How long a closed host's unanswered requests may keep the server running before it is stopped. */
const ANSWER_GRACE_MS = 10_000;

export function proxyMessages(
  host: Transport,
  server: Transport,
  options: {
    filter?: MessageFilter;
    log: (message: string) => void;
    hide?: (text: string) => string;
    /** How the server's transport errors are logged and told to the host (default: their message). */
    errors?: ServerErrors;
  },
): Promise<ClosedBy> {
  const filter = options.filter ?? PASS;
  const hide = options.hide ?? ((t: string) => t);
  const errors = options.errors ?? serverErrors((m) => options.log(hide(m)));
  const initializeIds = new Set<RequestId>();
  // The host's requests the server has not answered yet: a host that closes stdin right after writing
  // them (a script, a test, a host quitting) still gets their answers before the server is stopped.
  const unanswered = new Set<RequestId>();
  let answered: (() => void) | undefined;
  let toServer = Promise.resolve();
  let toHost = Promise.resolve();
  let closedBy: ClosedBy | undefined;

  const failed = (what: string) => (error: unknown) =>
    options.log(hide(`${what}: ${(error as Error).message}`));

  host.onmessage = (message) => {
    if (!("method" in message)) {
      void server.send(message).catch(failed(say("bridge.to-server")));
      return;
    }
    if ("id" in message && message.method === "initialize") initializeIds.add(message.id);
    if ("id" in message) unanswered.add(message.id);
    toServer = toServer.then(async () => {
      const reply = await filter.fromHost(message).catch((error: Error) => {
        failed(say("bridge.tool-check"))(error);
        return "id" in message
          ? errorReply(message.id, "connectory could not check this request")
          : undefined;
      });
      if (reply) {
        if ("id" in message) settle(message.id);
        return host.send(reply);
      }
      await server.send(message).catch(async (error: Error) => {
        const said = errors.report(error);
        // Answer the host's request instead of leaving it waiting forever.
        if ("id" in message) {
          settle(message.id);
          await host.send(errorReply(message.id, hide(said)));
        }
      });
    });
  };

  const settle = (id: RequestId) => {
    if (unanswered.delete(id) && unanswered.size === 0) answered?.();
  };
  const allAnswered = () =>
    unanswered.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ANSWER_GRACE_MS);
          answered = () => {
            clearTimeout(timer);
            resolve();
          };
        });

  server.onmessage = (message) => {
    if (!("method" in message) && "id" in message && message.id !== undefined) settle(message.id);
    // A streamable-HTTP server needs the protocol version it chose on every later request.
    if ("result" in message && initializeIds.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === "string") server.setProtocolVersion?.(version);
    }
    toHost = toHost.then(async () => {
      const out = await filter.fromServer(message).catch((error: Error) => {
        failed(say("bridge.tool-check"))(error);
        return undefined;
      });
      if (out) await host.send(out).catch(failed(say("bridge.to-host")));
    });
  };

  host.onerror = failed(say("bridge.host"));
  server.onerror = (error) => void errors.report(error);

  return new Promise<ClosedBy>((resolve) => {
    host.onclose = () => {
      closedBy ??= "host";
      // Let what the host already sent reach the server and be answered (for up to ANSWER_GRACE_MS),
      // then shut the server down (stdio: end its stdin, then signals); its last answers still go to
      // the host's stdout.
      void toServer
        .then(allAnswered)
        .then(() => server.close())
        .catch(failed(say("bridge.server")));
    };
    server.onclose = () => {
      closedBy ??= "server";
      // Nothing more will be answered: a closed host's wait for answers ends too.
      unanswered.clear();
      answered?.();
      filter.close();
      void toHost
        .then(() => host.close())
        .catch(failed(say("bridge.host")))
        .then(() => resolve(closedBy ?? "server"));
    };
  });
}

function errorReply(id: RequestId, message: string): JSONRPCMessage {
  return { jsonrpc: "2.0", id, error: { code: -32603, message } } as JSONRPCMessage;
}
