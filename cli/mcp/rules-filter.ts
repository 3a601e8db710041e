import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { hasRules, judgeTool, type ToolRules } from "../../src/core/tools/tool-rules.js";
import type { MessageFilter } from "./bridge.js";

/** The JSON-RPC error code of a tools/call refused because an allow/deny rule hides the tool. */
export const TOOL_DENIED = -32003;

/**
 * Applies one server's allow/deny rules around another filter (the tool guard): tools/list results
 * lose the hidden tools after the guard has checked the whole list against the pins, and a tools/call
 * to a hidden tool is answered with an error naming the rule, without reaching the server or the guard.
 */
export function withToolRules(
  server: string,
  rules: ToolRules | undefined,
  inner: MessageFilter,
): MessageFilter {
  if (!hasRules(rules)) return inner;
  const lists = new Set<RequestId>();
  return {
    async fromHost(message) {
      if ("method" in message && "id" in message) {
        if (message.method === "tools/list") lists.add(message.id);
        const name = message.method === "tools/call" ? message.params?.name : undefined;
        if (typeof name === "string") {
          const verdict = judgeTool(server, rules, name);
          if (!verdict.visible) return deniedReply(message.id, server, name, verdict.rule);
        }
      }
      return inner.fromHost(message);
    },
    async fromServer(message) {
      const out = await inner.fromServer(message);
      if (!out || !("id" in out) || out.id === undefined) return out;
      if (!lists.delete(out.id) || !("result" in out)) return out;
      const tools = (out.result as { tools?: unknown }).tools;
      if (!Array.isArray(tools)) return out;
      const visible = tools.filter(
        (t: { name?: unknown }) => typeof t?.name !== "string" || judgeTool(server, rules, t.name).visible,
      );
      return { ...out, result: { ...out.result, tools: visible } } as JSONRPCMessage;
    },
    close: () => inner.close(),
  };
}

/** The error a host gets for a call to a hidden tool. */
export function deniedReply(id: RequestId, server: string, tool: string, rule: string): JSONRPCMessage {
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: TOOL_DENIED,
      message: `tool ${tool} of ${server} is hidden by the rule ${rule}; change it with \`connectory tools allow|deny|reset ${server}\``,
      data: { server, tool, rule },
    },
  } as JSONRPCMessage;
}
