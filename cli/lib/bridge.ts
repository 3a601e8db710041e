import type { Readable, Writable } from "node:stream";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { redact } from "../../src/core/credentials.js";
import type { RemoteServer } from "../../src/core/types.js";

export interface BridgeIo {
  stdin: Readable;
  stdout: Writable;
  /** Bridge problems, secrets redacted (stdout is the MCP channel). */
  log: (message: string) => void;
  fetch?: typeof fetch;
}

/**
 * Bridges a host speaking MCP over stdio to a remote server (streamable HTTP, or SSE where the type
 * says so), forwarding every JSON-RPC message both ways unchanged, with the rendered headers.
 * Resolves with an exit code when either side closes: 0 when the host hung up, 1 when the remote failed.
 */
export async function bridgeRemote(
  server: RemoteServer,
  io: BridgeIo,
  secretValues: readonly string[],
): Promise<number> {
  const url = new URL(server.url);
  const requestInit: RequestInit = { headers: { ...(server.headers ?? {}) } };
  const options = { requestInit, ...(io.fetch ? { fetch: io.fetch } : {}) };
  const remote: Transport =
    server.type === "sse"
      ? new SSEClientTransport(url, options)
      : new StreamableHTTPClientTransport(url, options);
  const local = new StdioServerTransport(io.stdin, io.stdout);
  const say = (message: string) => io.log(redact(message, secretValues));

  return new Promise<number>((resolve) => {
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      void Promise.allSettled([local.close(), remote.close()]).then(() => resolve(code));
    };
    local.onmessage = (message: JSONRPCMessage) => {
      remote.send(message).catch((error: unknown) => {
        say(`remote server: ${(error as Error).message}`);
        // Answer the host's request instead of leaving it waiting forever.
        if ("id" in message && "method" in message) {
          void local.send({
            jsonrpc: "2.0",
            id: message.id,
            error: {
              code: -32603,
              message: redact(`remote server unreachable: ${(error as Error).message}`, secretValues),
            },
          });
        }
      });
    };
    remote.onmessage = (message: JSONRPCMessage) => {
      if ("id" in message && !("method" in message)) {
        // The protocol version the server chose must accompany later HTTP requests.
        const version = (message as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
        if (typeof version === "string" && remote instanceof StreamableHTTPClientTransport)
          remote.setProtocolVersion(version);
      }
      void local.send(message);
    };
    local.onclose = () => finish(0);
    remote.onclose = () => finish(done ? 0 : 1);
    local.onerror = (error) => say(`stdio: ${error.message}`);
    remote.onerror = (error) => say(`remote server: ${error.message}`);

    Promise.all([remote.start(), local.start()]).catch((error: unknown) => {
      say(`could not reach the remote server: ${(error as Error).message}`);
      finish(1);
    });
  });
}
