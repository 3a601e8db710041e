import { randomUUID } from "node:crypto";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { endMcpSpan, startMcpSpan, type McpSpan } from "../../src/telemetry/mcp-spans.js";
import type { Telemetry } from "../../src/telemetry/telemetry.js";
import { takeAnswered, watchAnswers } from "./answer-watch.js";
import type { MessageFilter } from "./bridge.js";

/**
 * OpenTelemetry around another filter (outermost, so what it records has passed the guards): a client
 * span per request to the server, `traceparent` in the request's `params._meta` (the host's, when it
 * sent one, is the parent), the span ended by the answer, and its duration in
 * `mcp.client.operation.duration`. Arguments and results are recorded only when the user opted in.
 */
export function withTrace(
  telemetry: Telemetry | undefined,
  transport: "pipe" | "tcp",
  inner: MessageFilter,
): MessageFilter {
  if (!telemetry) return inner;
  const sessionId = randomUUID();
  const open = new Map<RequestId, { s: McpSpan; args: unknown }>();
  let protocolVersion: string | undefined;
  const finish = (message: JSONRPCMessage) => {
    const pending = takeAnswered(open, message);
    if (!pending) return;
    const answer = message as {
      error?: { code: number; message?: string };
      result?: Record<string, unknown>;
    };
    if (answer.result && typeof answer.result.protocolVersion === "string")
      protocolVersion = answer.result.protocolVersion;
    const capture =
      telemetry.captureContent && pending.s.metric["gen_ai.tool.name"]
        ? { arguments: pending.args, ...(answer.result ? { result: answer.result.content } : {}) }
        : undefined;
    endMcpSpan(telemetry, pending.s, answer, capture);
  };
  return watchAnswers(
    {
      async fromHost(message) {
        if (!("method" in message) || !("id" in message)) return inner.fromHost(message);
        const params = (message.params ??= {}) as Record<string, unknown>;
        const s = startMcpSpan(telemetry, "client", {
          method: message.method,
          params,
          id: message.id,
          sessionId,
          transport,
          protocolVersion,
        });
        params._meta = { ...(params._meta as object | undefined), traceparent: s.span.traceparent() };
        // The guards (inside) mask the arguments in place: what is recorded is what the server gets.
        const reply = await inner.fromHost(message);
        open.set(message.id, { s, args: params.arguments });
        return reply;
      },
      fromServer: (message) => inner.fromServer(message),
      close: () => {
        for (const { s } of open.values())
          s.span.end({ type: "cancelled", message: "the session ended first" });
        open.clear();
        inner.close();
      },
    },
    finish,
  );
}
