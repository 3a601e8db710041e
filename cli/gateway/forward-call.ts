import {
  CallToolResultSchema,
  ErrorCode,
  McpError,
  type CallToolRequest,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { passOn } from "./host-request.js";
import type { Cancel } from "./cancel.js";
import type { CallParams } from "./fast-server.js";
import { plainResult } from "./fast-server.js";
import type { CallStart, Route } from "./gateway-server.js";

/**
 * One host tools/call on the fast path: sent to the route's server through its guard (Upstream.forwardCall),
 * the answer turned into the reply to the host exactly as the SDK path would (GatewayServer.callTool):
 * the server's error with its code and words, a result checked against CallToolResultSchema (by hand
 * when it is plain text), anything thrown as the gateway's error. The audit line and span end via
 * `call.record` once, before the reply.
 */
export async function forwardAnswer(
  route: Route,
  params: CallParams,
  id: RequestId,
  call: CallStart,
  cancel: Cancel,
): Promise<JSONRPCMessage> {
  const { upstream, tool } = route;
  try {
    // Keys added one by one, not spread into a literal: after a spread a literal's keys are defined
    // in the runtime, one call each (issue 26's overhead budget).
    const sent: CallToolRequest["params"] = { name: tool };
    if (params.arguments) sent.arguments = params.arguments;
    // The upstream's client span (trace-filter.ts) is this span's child.
    if (call.span) sent._meta = { traceparent: call.span.span.traceparent() };
    const answer = await upstream.forwardCall(sent, cancel);
    if ("error" in answer) {
      const { code, message, data } = answer.error;
      throw McpError.fromError(code, message, data);
    }
    let result = answer.result;
    if (!plainResult(result)) {
      const parsed = CallToolResultSchema.safeParse(result);
      if (!parsed.success) throw parsed.error;
      result = parsed.data;
    }
    call.record({ toolError: result.isError === true }, upstream.name, tool);
    return { jsonrpc: "2.0", id, result } as JSONRPCMessage;
  } catch (error) {
    const out = passOn(upstream, error);
    call.record({ errorCode: out.code }, upstream.name, tool);
    return {
      jsonrpc: "2.0",
      id,
      error: {
        code: Number.isSafeInteger(out.code) ? out.code : ErrorCode.InternalError,
        message: out.message,
        ...(out.data !== undefined ? { data: out.data } : {}),
      },
    };
  }
}
