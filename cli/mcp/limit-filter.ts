import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { MessageFilter } from "./bridge.js";
import { toolErrorReply } from "./tool-error-reply.js";
import type { Limited, RateLimiter } from "./rate-limiter.js";

/**
 * Applies the rate limits of `connectory tools limit` to one server's tools/call around another filter:
 * a call past its limit never reaches the server; the host gets a tool error saying when to retry.
 */
export function withRateLimits(
  server: string,
  limiter: RateLimiter | undefined,
  inner: MessageFilter,
): MessageFilter {
  if (!limiter?.covers(server)) return inner;
  return {
    async fromHost(message) {
      if ("method" in message && "id" in message && message.method === "tools/call") {
        const tool = message.params?.name;
        const limited = typeof tool === "string" ? limiter.take(server, tool) : undefined;
        if (limited) return limitedReply(message.id, server, tool as string, limited);
      }
      return inner.fromHost(message);
    },
    fromServer: (message) => inner.fromServer(message),
    close: () => inner.close(),
  };
}

/** The tool error of a limited call: the rule, the rate and the retry time, also in `_meta` for programs. */
export function limitedReply(id: RequestId, server: string, tool: string, limited: Limited): JSONRPCMessage {
  const seconds = (limited.retryAfterMs / 1000).toFixed(1);
  return toolErrorReply(
    id,
    `connectory: tool ${tool} of ${server} is rate-limited (${limited.rule}: ${limited.rate}); try again in ${seconds} s. Change it with \`connectory tools limit ${limited.rule.split(" ")[0]} <rate>|off\`.`,
    { "dev.connectory/retryAfterMs": limited.retryAfterMs },
  );
}
