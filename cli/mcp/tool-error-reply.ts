import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";

/**
 * The answer to a tools/call that connectory stops before the server (a guard, a rate limit): a tool
 * error the host shows the model, with `_meta` for programs when given.
 */
export function toolErrorReply(id: RequestId, text: string, meta?: Record<string, unknown>): JSONRPCMessage {
  return {
    jsonrpc: "2.0",
    id,
    result: { content: [{ type: "text", text }], isError: true, ...(meta ? { _meta: meta } : {}) },
  } as JSONRPCMessage;
}
