import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { SandboxRequest } from "../../src/core/sandbox/permissions.js";
import type { RemoteServer, StdioServer } from "../../src/core/types.js";
import { stdioLaunch } from "./child-env.js";
import { planLaunch } from "../sandbox/sandbox-launch.js";
import { LocalHttpTransport } from "./local-http-transport.js";
import type { StdioWorld } from "./stdio-client-transport.js";

// Where the client transport to an MCP server over HTTP is built, for `run`, the gateway, `inspect`,
// `doctor`, `tools` and `publish --with-tools`: a remote server over streamable HTTP (or HTTP+SSE where
// its type says so) with its rendered headers and, when signed in with `connectory auth`, the OAuth
// provider; a local server that serves HTTP. A stdio server's is stdio-client-transport.ts, apart: it
// needs none of the MCP SDK's client, which `run` of a stdio server then never loads.

/** The client transport to a remote server, with its rendered headers (SSE only where the type says so). */
export function remoteTransport(
  server: RemoteServer,
  options: {
    fetch?: typeof fetch;
    authProvider?: OAuthClientProvider;
    kind?: "streamable-http" | "sse";
  } = {},
): Transport {
  const url = new URL(server.url);
  const requestInit: RequestInit = { headers: { ...(server.headers ?? {}) } };
  // With an OAuth sign-in (`connectory auth`), the SDK sends its bearer token and refreshes on a 401.
  const sdkOptions = {
    requestInit,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.authProvider ? { authProvider: options.authProvider } : {}),
  };
  const kind = options.kind ?? (server.type === "sse" ? "sse" : "streamable-http");
  return kind === "sse"
    ? new SSEClientTransport(url, sdkOptions)
    : new StreamableHTTPClientTransport(url, sdkOptions);
}

/**
 * A local server that serves HTTP (mcp.json 2 `transport`): planned and started like a stdio server, then
 * reached over its loopback URL with the same builder as a remote server (remoteTransport).
 */
export async function localHttpTransport(
  spec: StdioServer & { transport: NonNullable<StdioServer["transport"]> },
  sandbox: SandboxRequest | undefined,
  world: StdioWorld,
  io: { stderr?: (chunk: string) => void; fetch?: typeof fetch } = {},
): Promise<LocalHttpTransport> {
  const plan = await planLaunch(stdioLaunch(spec, world), sandbox, world);
  const url = new URL(spec.transport.url);
  const remote = { type: spec.transport.type, url: spec.transport.url };
  return new LocalHttpTransport(
    plan.launch,
    url,
    () => remoteTransport(remote, io.fetch ? { fetch: io.fetch } : {}),
    {
      ...(io.stderr ? { stderr: io.stderr } : {}),
      ended: () => void plan.release?.(),
    },
  );
}
