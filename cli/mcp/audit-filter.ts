import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { CallRecord } from "../gateway/audit-recorder.js";
import { takeAnswered, watchAnswers } from "./answer-watch.js";
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
    const call = takeAnswered(calls, message);
    if (!call) return;
    if ("error" in message) audit.record({ ...call, errorCode: message.error.code });
    else if ("result" in message) audit.record({ ...call, toolError: message.result.isError === true });
  };
  return watchAnswers(
    {
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
        return inner.fromHost(message);
      },
      fromServer: (message) => inner.fromServer(message),
      close: () => inner.close(),
    },
    finish,
  );
}
