import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isObject } from "../../src/core/json-guards.js";

type Obj = Record<string, unknown>;

/** A JSON-RPC id as the SDK's RequestIdSchema takes it: a string or a safe integer. */
const isId = (v: unknown): boolean => typeof v === "string" || Number.isSafeInteger(v);

/** Every own key of `o` is one of `keys` (the SDK's `.strict()`); `keys` are few, a scan is cheapest. */
function onlyKeys(o: Obj, keys: readonly string[]): boolean {
  for (const key in o) if (!keys.includes(key)) return false;
  return true;
}

const REQUEST = ["jsonrpc", "id", "method", "params"] as const;
const NOTIFICATION = ["jsonrpc", "method", "params"] as const;
const RESULT = ["jsonrpc", "id", "result"] as const;
const ERROR = ["jsonrpc", "id", "error"] as const;

/** `_meta` as RequestMetaSchema takes it: an object, progressToken an id, related-task a { taskId }. */
function okMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  if (meta.progressToken !== undefined && !isId(meta.progressToken)) return false;
  const task = meta["io.modelcontextprotocol/related-task"];
  return task === undefined || (isObject(task) && typeof task.taskId === "string");
}

/** Request / notification params, or a result: an object (extra keys kept) with a valid `_meta`. */
const okParams = (p: unknown): boolean => isObject(p) && okMeta(p._meta);

/**
 * True when `value` (from JSON.parse) is one JSON-RPC 2.0 message as the SDK's JSONRPCMessageSchema
 * accepts it: `jsonrpc: "2.0"`, and exactly one of a request (id, method, params?), a notification
 * (method, params?), a result (id, result) or an error (id?, error { code: integer, message, data? }),
 * with no other keys; an id a string or a safe integer. Arrays (batches) are not messages, as in the
 * SDK. The one check of both stdio transports (host-stdio.ts for the host, stdio-transport.ts for a
 * server): the same verdict as the schema, without its cost on every message.
 */
export function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
  if (!isObject(value) || value.jsonrpc !== "2.0") return false;
  if (typeof value.method === "string") {
    if (value.params !== undefined && !okParams(value.params)) return false;
    return "id" in value ? isId(value.id) && onlyKeys(value, REQUEST) : onlyKeys(value, NOTIFICATION);
  }
  if ("result" in value) return isId(value.id) && okParams(value.result) && onlyKeys(value, RESULT);
  const error = value.error;
  if (!isObject(error) || !Number.isSafeInteger(error.code) || typeof error.message !== "string")
    return false;
  return (value.id === undefined || isId(value.id)) && onlyKeys(value, ERROR);
}
