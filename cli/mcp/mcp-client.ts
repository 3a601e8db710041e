import fs from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Implementation, ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { localizedError } from "../terminal/language.js";
import type { McpTool } from "../../src/core/tools/types.js";
import { isRemote, type RemoteServer, type ServerSpec, type StdioServer } from "../../src/core/types.js";
import { DeadlineError, explainFailure, type FailureContext } from "./mcp-errors.js";
import { InvalidStdoutError, StdioTransport } from "./stdio-transport.js";
import type { SandboxRequest } from "../../src/core/sandbox/permissions.js";
import { localHttpTransport, remoteTransport } from "./client-transport.js";
import { stdioTransport } from "./stdio-client-transport.js";
import { runAuthProvider } from "../auth/run-auth.js";

const MAX_PAGES = 100;

/** The server to reach: its name (for messages), its rendered spec, and the secrets to hide. */
export interface McpTarget {
  name: string;
  spec: ServerSpec;
  secretValues: readonly string[];
  /** Where the server comes from (a connector, or mcp.json): failures suggest the matching fix. */
  origin?: FailureContext["origin"];
  /** Declared permissions: the stdio server runs sandboxed to them (sandbox-launch.ts). */
  sandbox?: SandboxRequest;
}

/** Where the client runs: passed in so tests and commands control env, cwd and fetch. */
export interface McpWorld {
  env: Record<string, string | undefined>;
  cwd: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** Connectory's version, sent as clientInfo. */
  version: string;
  /** The Connectory home (where `sandbox off` is recorded). */
  home?: string;
}

/** A connected, initialized session. Always `close()` it. */
export interface McpSession {
  client: Client;
  transport: "stdio" | "streamable-http" | "sse";
  serverInfo: Implementation;
  protocolVersion: string;
  capabilities: ServerCapabilities;
  instructions?: string;
  /** Runs one request with the session's deadline and turns failures into ConnectoryErrors. */
  request<T>(fn: (client: Client) => Promise<T>): Promise<T>;
  listTools(): Promise<McpTool[]>;
  close(): Promise<void>;
}

/** Connects and completes the MCP handshake, or throws a ConnectoryError saying exactly what failed. */
export async function connectServer(target: McpTarget, world: McpWorld): Promise<McpSession> {
  if (!isRemote(target.spec)) return connectStdio(target, target.spec, world);
  const url = parseUrl(target);
  if (target.spec.type === "sse") return connectRemote(target, world, "sse", url);
  try {
    return await connectRemote(target, world, "streamable-http", url);
  } catch (error) {
    // Servers from before the 2025-03-26 protocol only speak HTTP+SSE: the spec's fallback is to try
    // it when the POST is refused with a 4xx other than an authentication failure.
    const status = (error as { cause?: unknown }).cause;
    if (!(status instanceof StreamableHTTPError) || ![400, 404, 405].includes(status.code ?? 0)) throw error;
    try {
      return await connectRemote(target, world, "sse", url);
    } catch {
      throw error;
    }
  }
}

async function connectStdio(target: McpTarget, spec: StdioServer, world: McpWorld): Promise<McpSession> {
  if (spec.transport !== undefined) {
    // A local server that serves HTTP (mcp.json 2): started, waited for, then a handshake over its URL.
    const kind = spec.transport.type;
    const transport = await localHttpTransport(
      { ...spec, transport: spec.transport },
      target.sandbox,
      world,
      {
        fetch: world.fetch,
      },
    );
    const failure = base(target, world, kind, { url: spec.transport.url });
    failure.stage = "handshake";
    return handshake(transport, kind, world, failure, () => undefined);
  }
  const { transport, planned } = await stdioTransport(spec, target.sandbox, world);
  try {
    const session = await startStdio(target, spec, world, planned.launch.cwd, transport);
    const close = session.close.bind(session);
    // A host allowlist's proxy lives as long as the session.
    return { ...session, close: () => close().finally(() => planned.release?.()) };
  } catch (error) {
    await planned.release?.();
    throw error;
  }
}

async function startStdio(
  target: McpTarget,
  spec: StdioServer,
  world: McpWorld,
  cwd: string,
  transport: StdioTransport,
): Promise<McpSession> {
  const failure: FailureContext = base(target, world, "stdio", { command: spec.command });
  if (!(await isDirectory(cwd)))
    throw explainFailure(
      localizedError(
        "mcp.cwd.not-found",
        { key: "mcp.cwd-missing", params: { server: target.name, cwd } },
        { key: "mcp.cwd-missing-hint" },
      ),
      failure,
    );
  try {
    await transport.start();
  } catch (error) {
    throw explainFailure(error, failure);
  }
  failure.stage = "handshake";
  const snapshot = () => {
    failure.exit = transport.exit;
    failure.stderr = transport.stderrTail();
  };
  return handshake(transport, "stdio", world, failure, snapshot);
}

async function connectRemote(
  target: McpTarget,
  world: McpWorld,
  kind: "streamable-http" | "sse",
  url: URL,
): Promise<McpSession> {
  const headers = isRemote(target.spec) ? (target.spec.headers ?? {}) : {};
  // A server signed in with `connectory auth` gets its bearer token (refreshed as `run` does).
  const authProvider =
    world.home && isRemote(target.spec)
      ? await runAuthProvider(
          target.name,
          target.spec,
          { home: world.home, fetch: world.fetch, now: () => new Date() },
          () => undefined,
        )
      : undefined;
  const transport = remoteTransport(
    { ...(target.spec as RemoteServer), url: url.href, headers },
    { fetch: world.fetch, kind, ...(authProvider ? { authProvider } : {}) },
  );
  const failure = base(target, world, kind, { url: url.href });
  failure.stage = "handshake";
  return handshake(transport, kind, world, failure, () => undefined);
}

async function handshake(
  transport: Transport,
  kind: McpSession["transport"],
  world: McpWorld,
  failure: FailureContext,
  snapshot: () => void,
): Promise<McpSession> {
  let protocolVersion = "";
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (v: string) => {
    protocolVersion = v;
    setVersion?.(v);
  };
  // A server that breaks the protocol would otherwise only show up as a timeout: fail at once.
  let broken: (error: Error) => void = () => undefined;
  const brokenPromise = new Promise<never>((_, reject) => (broken = reject));
  brokenPromise.catch(() => undefined);
  transport.onerror = (error) => {
    if (error instanceof InvalidStdoutError) {
      failure.invalidLine = error.line;
      broken(error);
    }
  };
  // A stdio server that exits fails the pending request at once (HTTP closes only when we close it).
  if (kind === "stdio") transport.onclose = () => broken(new Error("closed"));

  const client = new Client({ name: "connectory", version: world.version }, { capabilities: {} });
  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DeadlineError()), world.timeoutMs);
    });
    try {
      return await Promise.race([fn(), brokenPromise, deadline]);
    } catch (error) {
      snapshot();
      // Let a dying process finish exiting, so the error can report its exit code and stderr.
      if (kind === "stdio" && !failure.exit && !(error instanceof DeadlineError))
        await pause(200).then(snapshot);
      throw explainFailure(error, failure);
    } finally {
      clearTimeout(timer);
    }
  };
  const close = () => client.close().catch(() => undefined);
  try {
    await run(() => client.connect(transport, { timeout: world.timeoutMs }));
  } catch (error) {
    if (transport instanceof StdioTransport) await transport.abort();
    await close();
    throw error;
  }
  failure.stage = "request";
  const session: McpSession = {
    client,
    transport: kind,
    serverInfo: client.getServerVersion() ?? { name: "(unknown)", version: "" },
    protocolVersion,
    capabilities: client.getServerCapabilities() ?? {},
    ...(client.getInstructions() ? { instructions: client.getInstructions() as string } : {}),
    request: (fn) => run(() => fn(client)),
    listTools: async () =>
      session.capabilities.tools ? ((await paginate(session, "tools")) as McpTool[]) : [],
    close,
  };
  return session;
}

/** Every page of a list request (bounded: a server that pages forever is cut off). */
export async function paginate<K extends "tools" | "resources" | "resourceTemplates" | "prompts">(
  session: McpSession,
  key: K,
): Promise<unknown[]> {
  const out: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = cursor === undefined ? {} : { cursor };
    const result = (await session.request((c) => {
      const opts = { timeout: 0x7fffffff };
      if (key === "tools") return c.listTools(params, opts) as Promise<unknown>;
      if (key === "resources") return c.listResources(params, opts) as Promise<unknown>;
      if (key === "resourceTemplates") return c.listResourceTemplates(params, opts) as Promise<unknown>;
      return c.listPrompts(params, opts) as Promise<unknown>;
    })) as Record<string, unknown> & { nextCursor?: string };
    out.push(...((result[key] as unknown[]) ?? []));
    if (!result.nextCursor) break;
    cursor = result.nextCursor;
  }
  return out;
}

function base(
  target: McpTarget,
  world: McpWorld,
  transport: string,
  extra: Partial<FailureContext>,
): FailureContext {
  return {
    server: target.name,
    transport,
    timeoutMs: world.timeoutMs,
    secretValues: target.secretValues,
    stage: "start",
    ...(target.origin ? { origin: target.origin } : {}),
    ...extra,
  };
}

function parseUrl(target: McpTarget): URL {
  const raw = isRemote(target.spec) ? target.spec.url : "";
  try {
    const url = new URL(raw);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // reported below
  }
  throw explainFailure(
    localizedError(
      "mcp.url.invalid",
      { key: "mcp.url-invalid", params: { server: target.name, url: JSON.stringify(raw) } },
      { key: "mcp.url-invalid-hint" },
    ),
    base(target, { timeoutMs: 0 } as McpWorld, "http", {}),
  );
}

async function isDirectory(dir: string): Promise<boolean> {
  return fs.stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
