import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { SandboxRequest } from "../../src/core/sandbox/permissions.js";
import type { RemoteServer, StdioServer } from "../../src/core/types.js";
import { stdioLaunch } from "./child-env.js";
import { planLaunch, prefetch, type PlannedLaunch, type SandboxWorld } from "../sandbox/sandbox-launch.js";
import { StdioTransport } from "./stdio-transport.js";
import { LocalHttpTransport } from "./local-http-transport.js";

// The one place that builds the client transport to an MCP server, for `run`, the gateway, `inspect`,
// `doctor`, `tools` and `publish --with-tools`: a remote server over streamable HTTP (or HTTP+SSE where
// its type says so) with its rendered headers and, when signed in with `connectory auth`, the OAuth
// provider; a stdio server planned through the sandbox (planLaunch), its package fetched first when
// it runs without network (prefetch), spawned without a shell, and what the plan holds (a filtering
// proxy) released when the process ends or never starts.

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

/** What a stdio server's launch needs: the sandbox's world and the values `${…}` in its spec read. */
export type StdioWorld = SandboxWorld & { cwd: string };

/**
 * A stdio server's transport, not yet started: planned through the sandbox, its package fetched when it
 * runs without network, the plan's resources released when the process ends (or here, if the fetch
 * fails). `stderr` receives the server's own stderr; without it the transport keeps a tail for errors.
 */
export async function stdioTransport(
  spec: StdioServer,
  sandbox: SandboxRequest | undefined,
  world: StdioWorld,
  io: { stderr?: (chunk: string) => void } = {},
): Promise<{ transport: StdioTransport; planned: PlannedLaunch }> {
  const plan = await planLaunch(stdioLaunch(spec, world), sandbox, world);
  // Released once, whichever comes first: the process's end, a failed start, the caller's close.
  let released: Promise<void> | undefined;
  const release = plan.release;
  const planned: PlannedLaunch = release ? { ...plan, release: () => (released ??= release()) } : plan;
  try {
    await prefetch(planned);
  } catch (error) {
    await planned.release?.();
    throw error;
  }
  const transport = new StdioTransport(planned.launch, {
    ...(io.stderr ? { stderr: io.stderr } : {}),
    ended: () => void planned.release?.(),
  });
  return { transport, planned };
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
