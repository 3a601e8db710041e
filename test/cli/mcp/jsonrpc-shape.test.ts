import { describe, expect, it } from "vitest";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { isJsonRpcMessage } from "../../../cli/mcp/jsonrpc-shape.js";

// Every case is a line as it arrives on a pipe (JSON.parse'd, as the transports do), with the verdict
// expected; each is also checked against the SDK's JSONRPCMessageSchema, which the check replaces.
const ok: Array<[string, string]> = [
  ["request", '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}'],
  ["request, string id", '{"jsonrpc":"2.0","id":"a-1","method":"ping"}'],
  ["request, id 0 and negative", '{"jsonrpc":"2.0","id":-7,"method":"ping"}'],
  ["request, id -0", '{"jsonrpc":"2.0","id":-0,"method":"ping"}'],
  ["request, integral float id", '{"jsonrpc":"2.0","id":2.0,"method":"ping"}'],
  ["request, params with extra keys", '{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[1],"b":null}}'],
  [
    "request, _meta progressToken",
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"progressToken":"t"}}}',
  ],
  [
    "request, _meta extra keys",
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"traceparent":"00-x"}}}',
  ],
  [
    "request, related task",
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t"}}}}',
  ],
  ["request, empty method", '{"jsonrpc":"2.0","id":1,"method":""}'],
  ["notification", '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
  ["notification, params", '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}'],
  ["result", '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}'],
  ["result, empty", '{"jsonrpc":"2.0","id":"x","result":{}}'],
  ["error", '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}'],
  ["error, data of any type", '{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m","data":[null]}}'],
  ["error, no id", '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}'],
  ["error, extra keys in error", '{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m","x":1}}'],
];

const bad: Array<[string, string]> = [
  ["jsonrpc 1.0", '{"jsonrpc":"1.0","id":1,"method":"ping"}'],
  ["jsonrpc a number", '{"jsonrpc":2,"id":1,"method":"ping"}'],
  ["no jsonrpc", '{"id":1,"method":"ping"}'],
  ["id null on a request", '{"jsonrpc":"2.0","id":null,"method":"ping"}'],
  ["id a fraction", '{"jsonrpc":"2.0","id":1.5,"method":"ping"}'],
  ["id beyond safe integers", '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}'],
  ["id 1e400 (Infinity)", '{"jsonrpc":"2.0","id":1e400,"method":"ping"}'],
  ["id an object", '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}'],
  ["id an array", '{"jsonrpc":"2.0","id":[1],"method":"ping"}'],
  ["id a boolean", '{"jsonrpc":"2.0","id":true,"method":"ping"}'],
  ["method a number", '{"jsonrpc":"2.0","id":1,"method":7}'],
  ["params an array", '{"jsonrpc":"2.0","id":1,"method":"m","params":[1,2]}'],
  ["params null", '{"jsonrpc":"2.0","id":1,"method":"m","params":null}'],
  ["params a string", '{"jsonrpc":"2.0","method":"m","params":"x"}'],
  ["_meta an array", '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":[]}}'],
  [
    "progressToken a fraction",
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"progressToken":0.5}}}',
  ],
  ["progressToken null", '{"jsonrpc":"2.0","method":"m","params":{"_meta":{"progressToken":null}}}'],
  [
    "related task without taskId",
    '{"jsonrpc":"2.0","id":1,"method":"m","params":{"_meta":{"io.modelcontextprotocol/related-task":{}}}}',
  ],
  ["request with an extra key", '{"jsonrpc":"2.0","id":1,"method":"m","extra":1}'],
  ["notification with id null", '{"jsonrpc":"2.0","id":null,"method":"m"}'],
  ["request with a result", '{"jsonrpc":"2.0","id":1,"method":"m","result":{}}'],
  ["both result and error", '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}'],
  ["result without id", '{"jsonrpc":"2.0","result":{}}'],
  ["result null", '{"jsonrpc":"2.0","id":1,"result":null}'],
  ["result an array", '{"jsonrpc":"2.0","id":1,"result":[]}'],
  ["result with a bad _meta", '{"jsonrpc":"2.0","id":1,"result":{"_meta":"x"}}'],
  ["result with an extra key", '{"jsonrpc":"2.0","id":1,"result":{},"x":1}'],
  ["error with id null", '{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"m"}}'],
  ["error code a fraction", '{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}}'],
  ["error code a string", '{"jsonrpc":"2.0","id":1,"error":{"code":"1","message":"m"}}'],
  ["error without message", '{"jsonrpc":"2.0","id":1,"error":{"code":1}}'],
  ["error a string", '{"jsonrpc":"2.0","id":1,"error":"boom"}'],
  ["error with an extra key", '{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"},"x":1}'],
  ["neither method, result nor error", '{"jsonrpc":"2.0","id":1}'],
  ["an own __proto__ key", '{"jsonrpc":"2.0","id":1,"method":"m","__proto__":{"x":1}}'],
  ["a constructor key", '{"jsonrpc":"2.0","method":"m","constructor":1}'],
  ["a batch", '[{"jsonrpc":"2.0","id":1,"method":"ping"}]'],
  ["an empty batch", "[]"],
  ["null", "null"],
  ["a string", '"{\\"jsonrpc\\":\\"2.0\\"}"'],
  ["a number", "42"],
  ["true", "true"],
];

describe("isJsonRpcMessage", () => {
  it.each(ok)("takes %s", (_, line) => {
    const value: unknown = JSON.parse(line);
    expect(isJsonRpcMessage(value)).toBe(true);
    expect(JSONRPCMessageSchema.safeParse(value).success).toBe(true);
  });

  it.each(bad)("refuses %s", (_, line) => {
    const value: unknown = JSON.parse(line);
    expect(isJsonRpcMessage(value)).toBe(false);
    expect(JSONRPCMessageSchema.safeParse(value).success).toBe(false);
  });

  it("judges a deep or large message by its envelope, as the schema does", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 5000; i++) deep = { d: deep };
    const big = {
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: "x".repeat(5e6) }], deep },
    };
    expect(isJsonRpcMessage(big)).toBe(true);
    expect(JSONRPCMessageSchema.safeParse(big).success).toBe(true);
  });
});
