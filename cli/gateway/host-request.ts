import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Upstream } from "./upstream.js";

/** A JSON-RPC error for the host with its code and plain words (no "MCP error" prefix). */
export class GatewayError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** What a forwarded request handler gets from the SDK: the host's cancellation and a way back. */
export interface HostExtra {
  signal: AbortSignal;
  sendNotification: (n: { method: "notifications/progress"; params: never }) => Promise<void>;
}

/**
 * The options that carry one host request to a server: the host's cancellation (the SDK sends
 * notifications/cancelled to the server when it fires) and the server's progress back to the host
 * under the host's own progressToken. No gateway timeout: the host's bounds it.
 */
export function forwardOptions(
  meta: { progressToken?: string | number } | undefined,
  extra: HostExtra,
): RequestOptions {
  const token = meta?.progressToken;
  return {
    signal: extra.signal,
    timeout: 0x7fffffff,
    ...(token !== undefined
      ? {
          onprogress: (p) =>
            void extra
              .sendNotification({
                method: "notifications/progress",
                params: { ...p, progressToken: token } as never,
              })
              .catch(() => undefined),
        }
      : {}),
  };
}

/** An upstream's error as the host should see it: its own code and words, or an internal error. */
export function passOn(upstream: Upstream, error: unknown): GatewayError {
  return error instanceof McpError
    ? new GatewayError(error.code, plain(error.message), error.data)
    : new GatewayError(ErrorCode.InternalError, `${upstream.name}: ${(error as Error).message}`);
}

/** The SDK prefixes "MCP error <code>: " to every error message; the host's client adds its own. */
export function plain(message: string): string {
  return message.replace(/^MCP error -?\d+: /, "");
}
