import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { guardArguments, type Finding, type GuardScope } from "../../src/core/guards/guard-content.js";
import { guardsOff } from "../../src/core/guards/guard-modes.js";
import { GUARDED_METHODS, guardAnswer } from "../../src/core/guards/guard-result.js";
import type { MessageFilter } from "./bridge.js";
import { toolErrorReply } from "./tool-error-reply.js";

/** What the guards found in one request or answer, for the audit log (never the text itself). */
export interface GuardReport {
  server: string;
  method: string;
  /** The tool or prompt name, or the resource URI. */
  target: string;
  findings: Finding[];
}

/**
 * The guards of `run` and the gateway around another filter: every tools/call result, resources/read
 * content and prompts/get message the server sends is scanned (secrets, invisible characters,
 * injection markers) and masked, noted or blocked by the server's modes; the arguments of a tools/call
 * are scanned for the user's own credentials on the way to the server. Findings go to `report`.
 */
export function withGuards(
  server: string,
  scope: GuardScope,
  inner: MessageFilter,
  report: (found: GuardReport) => void,
): MessageFilter {
  if (guardsOff(scope.modes)) return inner;
  const asked = new Map<RequestId, { method: string; target: string }>();
  return {
    async fromHost(message) {
      if ("method" in message && "id" in message && GUARDED_METHODS.has(message.method)) {
        const params = (message.params ?? {}) as Record<string, unknown>;
        const target = String(params.name ?? params.uri ?? "");
        if (message.method === "tools/call" && params.arguments !== undefined) {
          const args = guardArguments(params.arguments, scope);
          if (args.findings.length > 0) {
            report({ server, method: message.method, target, findings: args.findings });
            if (args.blocked) return blockedArguments(message.id, server, target);
            params.arguments = args.value; // masked in place: this is the message that is sent on
          }
        }
        const reply = await inner.fromHost(message);
        if (!reply) asked.set(message.id, { method: message.method, target });
        return reply;
      }
      return inner.fromHost(message);
    },
    async fromServer(message) {
      const out = await inner.fromServer(message);
      if (!out || "method" in out || !("id" in out) || out.id === undefined) return out;
      const request = asked.get(out.id);
      if (!request) return out;
      asked.delete(out.id);
      if (!("result" in out)) return out;
      const answer = guardAnswer(request.method, out.result, scope, { server, target: request.target });
      if (answer.findings.length === 0) return out;
      report({ server, ...request, findings: answer.findings });
      return "error" in answer
        ? ({ jsonrpc: "2.0", id: out.id, error: answer.error } as JSONRPCMessage)
        : ({ jsonrpc: "2.0", id: out.id, result: answer.result } as JSONRPCMessage);
    },
    close: () => inner.close(),
  };
}

function blockedArguments(id: RequestId, server: string, tool: string): JSONRPCMessage {
  return toolErrorReply(
    id,
    `connectory blocked this call to ${tool} of ${server}: its arguments hold one of your stored credentials. Change the guard with \`connectory guard ${server} <mode> --kind secrets\`.`,
  );
}
