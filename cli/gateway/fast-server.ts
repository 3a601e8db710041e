import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { Cancel } from "./cancel.js";

/** The params of a tools/call the fast path takes: a name, arguments as an object, no progress. */
export interface CallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * Answers one host request itself, or returns undefined to leave it to the SDK's handlers. The
 * promise resolves with the reply to send (an answer, or an error); `cancel` fires when the host
 * cancels the request (the reply is then not sent, as the SDK does).
 */
export type FastHandler = (
  request: JSONRPCRequest,
  host: Transport,
  cancel: Cancel,
) => Promise<JSONRPCMessage> | undefined;

/**
 * The SDK Server with a fast path in front: each request from the host is first offered to `fast`
 * (the gateway takes an ordinary tools/call to a listed tool and forwards it as it is, see
 * GatewayServer.fastCall); whatever it leaves goes to the SDK's handlers as before. The SDK parses
 * a tools/call three times against its schemas and its result three times more on the way back
 * (Server and Client); the fast path checks the shapes by hand and parses only an unusual result.
 * The host's notifications/cancelled for a request taken here aborts it.
 */
export class FastServer extends Server {
  fast: FastHandler | undefined;

  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const sdk = transport.onmessage;
    const inFlight = new Map<RequestId, Cancel>();
    transport.onmessage = (message, extra) => {
      if (this.fast && "method" in message) {
        if ("id" in message) {
          const cancel = new Cancel();
          const reply = this.fast(message, transport, cancel);
          if (reply) {
            inFlight.set(message.id, cancel);
            void reply
              .then((out) => {
                if (inFlight.get(message.id) === cancel) inFlight.delete(message.id);
                if (!cancel.cancelled) return transport.send(out);
              })
              .catch((error: unknown) =>
                this.onerror?.(new Error(`Failed to send response: ${String(error)}`)),
              );
            return;
          }
        } else if (message.method === "notifications/cancelled") {
          const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
          const cancel = id === undefined ? undefined : inFlight.get(id);
          if (cancel) {
            inFlight.delete(id as RequestId);
            cancel.cancel((message.params as { reason?: unknown }).reason);
          }
        }
      }
      sdk?.(message, extra);
    };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The params of a tools/call the fast path can forward as they are (what CallToolRequestSchema
 * accepts, with no progressToken or task to track), or undefined for the SDK's handler.
 */
export function fastParams(request: JSONRPCRequest): CallParams | undefined {
  if (request.method !== "tools/call") return undefined;
  const params = request.params;
  if (!isObject(params) || typeof params.name !== "string" || params.task !== undefined) return undefined;
  if (params.arguments !== undefined && !isObject(params.arguments)) return undefined;
  const meta = params._meta;
  if (meta !== undefined) {
    if (!isObject(meta) || meta.progressToken !== undefined) return undefined;
    if (meta["io.modelcontextprotocol/related-task"] !== undefined) return undefined;
  }
  return params as unknown as CallParams;
}

/**
 * True when a tools/call result is one CallToolResultSchema would pass on unchanged: text blocks of
 * `type` and `text` only, `isError` a boolean, `structuredContent` an object, no `_meta`. Anything
 * else goes through the schema (its defaults and stripping), as the SDK does.
 */
export function plainResult(result: Record<string, unknown>): boolean {
  const content = result.content;
  if (!Array.isArray(content) || result._meta !== undefined) return false;
  if (result.isError !== undefined && typeof result.isError !== "boolean") return false;
  if (result.structuredContent !== undefined && !isObject(result.structuredContent)) return false;
  for (const block of content) {
    if (!isObject(block) || block.type !== "text" || typeof block.text !== "string") return false;
    for (const key in block) if (key !== "type" && key !== "text") return false;
  }
  return true;
}
