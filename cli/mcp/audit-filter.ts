import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { CallRecord } from "../gateway/audit-recorder.js";
import type { MessageFilter } from "./bridge.js";

/**
 * Records every tools/call `run` passes (or refuses) around another filter: the call when the host
 * sends it, its outcome when the answer comes (or when `inner` answers it itself: a refusal).
 * `client` learns the host's clientInfo from its initialize.
 */
export function withAudit(
  server: string,
  inner: MessageFilter,
  audit: { record(call: CallRecord): void; setClient(client: { name: string; version: string }): void },
  now: () => number = Date.now,
): MessageFilter {
  const calls = new Map<RequestId, Omit<CallRecord, "errorCode" | "toolError">>();
  const finish = (message: JSONRPCMessage) => {
    if (!("id" in message) || message.id === undefined || "method" in message) return;
    const call = calls.get(message.id);
    if (!call) return;
    calls.delete(message.id);
    if ("error" in message) audit.record({ ...call, errorCode: message.error.code });
    else if ("result" in message) audit.record({ ...call, toolError: message.result.isError === true });
  };
  return {
    async fromHost(message) {
      if ("method" in message && "id" in message) {
        const params = message.params as Record<string, unknown> | undefined;
        if (message.method === "initialize") {
          const info = params?.clientInfo as { name?: unknown; version?: unknown } | undefined;
          if (typeof info?.name === "string")
            audit.setClient({
              name: info.name,
              version: typeof info.version === "string" ? info.version : "",
            });
        }
        if (message.method === "tools/call" && typeof params?.name === "string")
          calls.set(message.id, { server, tool: params.name, args: params.arguments, startedAt: now() });
      }
      const reply = await inner.fromHost(message);
      if (reply) finish(reply);
      return reply;
    },
    async fromServer(message) {
      const out = await inner.fromServer(message);
      if (out) finish(out);
      return out;
    },
    close: () => inner.close(),
  };
}
