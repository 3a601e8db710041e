import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { MessageFilter } from "./bridge.js";

/**
 * `filter`, calling `settle` with every message it lets reach the host: the server's, and the answers
 * the filter gives the host itself (a refusal). The audit and trace filters end their records there.
 */
export function watchAnswers(
  filter: MessageFilter,
  settle: (message: JSONRPCMessage) => void,
): MessageFilter {
  return {
    async fromHost(message) {
      const reply = await filter.fromHost(message);
      if (reply) settle(reply);
      return reply;
    },
    async fromServer(message) {
      const out = await filter.fromServer(message);
      if (out) settle(out);
      return out;
    },
    close: () => filter.close(),
  };
}

/** The entry of `pending` that an answer (a result or an error, not a request) settles, taken out of it. */
export function takeAnswered<T>(pending: Map<RequestId, T>, message: JSONRPCMessage): T | undefined {
  if ("method" in message || !("id" in message) || message.id === undefined) return undefined;
  const entry = pending.get(message.id);
  pending.delete(message.id);
  return entry;
}
