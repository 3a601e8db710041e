import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type dns from "node:dns";
import { ConnectoryError } from "../../core/errors.js";
import type { CheckResult } from "../../core/quality/evidence.js";
import type { RemoteTransport } from "../../core/types.js";
import type { Allowlist } from "../address-guard.js";
import { guardedFetch } from "./guarded-fetch.js";
import type { ServerSnapshot } from "../../core/tools/snapshot.js";
import { snapshotOf } from "./server-snapshot.js";

/** One remote server to check: its URL and the transport the package declares. */
export interface RemoteTarget {
  url: string;
  transport: RemoteTransport;
}

export interface RemoteCheckOptions {
  allow: Allowlist;
  /** The whole check (connect, initialize, tools/list), default 15 s. */
  timeoutMs?: number;
  /** Per response body, default 1 MiB. */
  maxBytes?: number;
  now?: () => Date;
  resolve?: typeof dns.lookup;
  /** Ends the check early (a registry shutting down); it then reports `check.timeout`. */
  signal?: AbortSignal;
  /**
   * Called, when the server answered in full, with what it said about itself (initialize, every page of
   * tools/list, prompts/list, resources/list): the version's tool snapshot (src/registry/tool-snapshot.ts).
   */
  onSnapshot?: (snapshot: ServerSnapshot) => void;
}

/** tools/list pages read at most (a server paging forever must not keep the checker). */
const MAX_TOOL_PAGES = 20;
/** Statuses after which a client falls back from Streamable HTTP to the older SSE transport (SDK docs). */
const FALLBACK_STATUSES = new Set([400, 404, 405]);
const DOWN_ERRNO: Record<string, string> = {
  ECONNREFUSED: "check.connect.refused",
  ECONNRESET: "check.connect.reset",
  EHOSTUNREACH: "check.connect.unreachable",
  ENETUNREACH: "check.connect.unreachable",
  ETIMEDOUT: "check.timeout",
  ENOTFOUND: "check.dns.not-found",
  EAI_AGAIN: "check.dns.failed",
  EPIPE: "check.connect.reset",
};

interface Seen {
  /** The SSRF guard's refusal, if it refused a connection. */
  refusal?: ConnectoryError;
  /** A 401's WWW-Authenticate challenge ("" when the 401 had none). */
  challenge?: string;
  /** The last network-level failure of a request. */
  network?: unknown;
}

/**
 * Checks one remote MCP server as a client would: connect over Streamable HTTP (falling back to SSE on
 * 400/404/405, as the SDK's clients do; SSE directly when the package says `sse`), `initialize`, then
 * `tools/list`. Never throws: every outcome is a CheckResult. Every request goes through the SSRF guard.
 */
export async function checkRemote(target: RemoteTarget, options: RemoteCheckOptions): Promise<CheckResult> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const deadline = new AbortController();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const stop = () => deadline.abort();
  options.signal?.addEventListener("abort", stop, { once: true });
  if (options.signal?.aborted) deadline.abort();
  const seen: Seen = {};
  const guarded = guardedFetch({
    allow: options.allow,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    headersTimeoutMs: timeoutMs,
    signal: deadline.signal,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    onRefusal: (error) => (seen.refusal ??= error),
  });
  const fetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    try {
      const response = await guarded(url, init);
      if (response.status === 401) seen.challenge ??= response.headers.get("www-authenticate") ?? "";
      return response;
    } catch (error) {
      seen.network = error;
      throw error;
    }
  };
  const finish = (result: Omit<CheckResult, "checkedAt" | "kind" | "latencyMs">): CheckResult => ({
    checkedAt: now().toISOString(),
    kind: "remote",
    ...result,
    latencyMs: Math.round(performance.now() - started),
  });
  try {
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return finish({ status: "error", error: "check.url.invalid" });
    }
    // Raced against the deadline too: whatever a transport waits for, the check ends on time.
    const expired = new Promise<never>((_, reject) =>
      deadline.signal.addEventListener("abort", () => reject(new Error("deadline")), { once: true }),
    );
    expired.catch(() => undefined);
    const attempt = (kind: "streamable" | "sse") =>
      Promise.race([talk(url, kind, fetch, timeoutMs, deadline.signal, options.onSnapshot), expired]);
    let outcome: Awaited<ReturnType<typeof talk>>;
    try {
      outcome = await attempt(target.transport === "sse" ? "sse" : "streamable");
    } catch (error) {
      const fallback =
        target.transport !== "sse" &&
        error instanceof StreamableHTTPError &&
        FALLBACK_STATUSES.has(error.code ?? 0) &&
        seen.challenge === undefined &&
        !deadline.signal.aborted;
      if (!fallback) throw error;
      outcome = await attempt("sse");
    }
    return finish({ status: "up", ...outcome });
  } catch (error) {
    return finish(classify(error, seen, deadline.signal.aborted));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
    deadline.abort(); // whatever is still open (an SSE stream) closes with the check
  }
}

async function talk(
  url: URL,
  kind: "streamable" | "sse",
  fetch: (url: string | URL, init?: RequestInit) => Promise<Response>,
  timeoutMs: number,
  signal: AbortSignal,
  onSnapshot?: (snapshot: ServerSnapshot) => void,
): Promise<{ protocolVersion?: string; toolCount: number }> {
  const transport: Transport =
    kind === "streamable"
      ? new StreamableHTTPClientTransport(url, { fetch, redirectPolicy: "follow" })
      : new SSEClientTransport(url, { fetch, redirectPolicy: "follow" });
  let protocolVersion: string | undefined;
  const setVersion = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (version: string) => {
    protocolVersion = version;
    setVersion?.(version);
  };
  const client = new Client({ name: "connectory-checker", version: "1" }, { capabilities: {} });
  client.onerror = () => undefined; // failures surface through the requests below
  const request = { timeout: timeoutMs, signal };
  try {
    await client.connect(transport, request);
    if (onSnapshot) {
      const first = await client.listTools({}, request);
      const snapshot = await snapshotOf(client, first, request, protocolVersion);
      onSnapshot(snapshot);
      return { ...(protocolVersion ? { protocolVersion } : {}), toolCount: snapshot.tools.length };
    }
    let toolCount = 0;
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const result = await client.listTools(cursor ? { cursor } : {}, request);
      toolCount += result.tools.length;
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return { ...(protocolVersion ? { protocolVersion } : {}), toolCount };
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** A bearer (RFC 6750) or OAuth challenge, as an MCP server that wants sign-in sends it. */
export function isSignInChallenge(header: string): boolean {
  return /(^|,)\s*(bearer|oauth)(\s|,|$)/i.test(header);
}

function classify(
  error: unknown,
  seen: Seen,
  timedOut: boolean,
): Omit<CheckResult, "checkedAt" | "kind" | "latencyMs"> {
  if (seen.refusal) return { status: "down", error: seen.refusal.code };
  if (seen.challenge !== undefined) {
    return isSignInChallenge(seen.challenge)
      ? { status: "needs-auth" }
      : { status: "error", error: "check.auth.no-challenge" };
  }
  if (timedOut) return { status: "down", error: "check.timeout" };
  for (const candidate of [seen.network, error]) {
    const code = errorCode(candidate);
    if (code?.startsWith("check."))
      return { status: code === "check.timeout" ? "down" : "error", error: code };
    if (code && DOWN_ERRNO[code]) return { status: "down", error: DOWN_ERRNO[code] };
  }
  const status = error instanceof StreamableHTTPError ? error.code : (error as { code?: unknown })?.code;
  if (typeof status === "number" && status >= 500) return { status: "down", error: `check.http.${status}` };
  if (typeof status === "number" && status >= 400) return { status: "error", error: `check.http.${status}` };
  return { status: "error", error: "check.protocol" };
}

/** The first string `code` along an error's cause chain (ConnectoryError codes, errno codes). */
function errorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}
