import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { redact } from "../../src/core/secrets.js";
import { ConnectoryError } from "../../src/core/errors.js";
import type { Origin } from "../../src/core/merge.js";
import { InvalidStdoutError } from "./stdio-transport.js";
import { say, sayEnglish, type Said, type Speak } from "../terminal/language.js";

/** What went on while talking to a server, gathered so a failure can be explained precisely. */
export interface FailureContext {
  server: string;
  /** `stdio`, or the remote transport that was tried. */
  transport: string;
  command?: string;
  url?: string;
  timeoutMs: number;
  secretValues: readonly string[];
  /** Stage the failure happened in: the handshake or a later request. */
  stage: "start" | "handshake" | "request";
  exit?: { code: number | null; signal: string | null } | undefined;
  stderr?: string[];
  invalidLine?: string | undefined;
  /** Where the server comes from: the right fix for a refused credential depends on it. */
  origin?: Pick<Origin, "kind" | "file" | "connector"> | undefined;
}

type Make = (code: string, message: Said, hint: Said) => ConnectoryError;

/** Turns whatever the SDK, node or the server threw into a ConnectoryError, secrets redacted. */
export function explainFailure(error: unknown, f: FailureContext): ConnectoryError {
  const hide = (text: string) => redact(text, f.secretValues);
  const hidden = (said: Said): Said => ({
    key: said.key,
    params: Object.fromEntries(
      Object.entries(said.params ?? {}).map(([k, v]) => [k, typeof v === "string" ? hide(v) : v]),
    ),
  });
  const lines = f.stderr?.length ? hide(f.stderr.map((l) => `  | ${l}`).join("\n")) : undefined;
  // The message from the tables (English in the error, the run's language when printed), the server's
  // last stderr lines after it.
  const make: Make = (code, message, hint) => {
    const m = hidden(message);
    const h = hidden(hint);
    const withTail = (speak: Speak): Said =>
      lines === undefined
        ? m
        : { key: "mcp.with-stderr", params: { message: speak(m.key, m.params), lines } };
    const english = withTail(sayEnglish);
    return new ConnectoryError(code, sayEnglish(english.key, english.params), {
      hint: sayEnglish(h.key, h.params),
      cause: error,
      localized: { message: withTail(say), hint: h },
    });
  };
  const server = f.server;
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;

  if (error instanceof ConnectoryError) return error;
  if (f.stage === "start" && errno === "ENOENT")
    return make(
      "mcp.command.not-found",
      { key: "mcp.command-not-found", params: { server, command: f.command ?? "" } },
      { key: "mcp.command-not-found-hint" },
    );
  if (f.stage === "start" && errno === "EACCES")
    return make(
      "mcp.command.not-executable",
      { key: "mcp.command-not-executable", params: { server, command: f.command ?? "" } },
      { key: "mcp.command-not-executable-hint" },
    );
  if (f.invalidLine !== undefined || error instanceof InvalidStdoutError) {
    const line = f.invalidLine ?? (error as InvalidStdoutError).line;
    return make(
      "mcp.protocol.invalid",
      { key: "mcp.not-json-rpc", params: { server, line: JSON.stringify(line.slice(0, 200)) } },
      { key: "mcp.not-json-rpc-hint" },
    );
  }
  if (f.exit) {
    const request = f.stage === "request";
    const key = f.exit.signal
      ? request
        ? "mcp.killed-answering"
        : "mcp.killed-handshake"
      : request
        ? "mcp.exited-answering"
        : "mcp.exited-handshake";
    return make(
      "mcp.server.exited",
      { key, params: { server, signal: f.exit.signal ?? "", code: String(f.exit.code) } },
      { key: "mcp.exited-hint" },
    );
  }
  const status = httpStatus(error);
  if (status === 401 || status === 403 || error instanceof UnauthorizedError)
    return make(
      status === 403 ? "mcp.http.forbidden" : "mcp.http.unauthorized",
      { key: "mcp.http-refused", params: { server, status: status ?? 401, url: f.url ?? "" } },
      authHint(f),
    );
  if (status === 404)
    return make(
      "mcp.http.not-found",
      { key: "mcp.http-not-found", params: { server, url: f.url ?? "" } },
      { key: "mcp.http-not-found-hint" },
    );
  if (status !== undefined && status > 0)
    return make(
      "mcp.http.status",
      { key: "mcp.http-status", params: { server, status, url: f.url ?? "", why: message(error) } },
      { key: "mcp.http-status-hint" },
    );
  if (error instanceof TypeError && /fetch failed/i.test(error.message))
    return make(
      "mcp.http.unreachable",
      {
        key: "mcp.http-unreachable",
        params: { server, url: f.url ?? "", why: message(error.cause) || error.message },
      },
      { key: "mcp.http-unreachable-hint" },
    );
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return timeout(f, make);
  if (error instanceof DeadlineError) return timeout(f, make);
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
    return make(
      "mcp.server.closed",
      { key: f.stage === "request" ? "mcp.closed-answering" : "mcp.closed-handshake", params: { server } },
      { key: "mcp.closed-hint" },
    );
  if (/protocol version is not supported/i.test(message(error)))
    return make(
      "mcp.protocol.unsupported",
      { key: "mcp.protocol-unsupported", params: { server, why: message(error) } },
      { key: "mcp.protocol-unsupported-hint" },
    );
  return make(
    f.stage === "request" ? "mcp.request.failed" : "mcp.handshake.failed",
    {
      key: f.stage === "request" ? "mcp.request-failed" : "mcp.handshake-failed",
      params: { server, why: message(error) },
    },
    { key: "mcp.failed-hint" },
  );
}

/**
 * What to do about a 401/403. A connector's token is one of its credentials; a hand-written server's
 * is in its own headers in mcp.json, which `credentials set` cannot reach, and changing them needs a
 * new trust.
 */
function authHint(f: FailureContext): Said {
  if (f.origin?.kind === "manual")
    return {
      key: "mcp.http-refused-manual-hint",
      params: { file: f.origin.file, server: f.server, url: f.url ?? "<url>" },
    };
  return { key: "mcp.http-refused-hint", params: { connector: f.origin?.connector ?? "<connector>" } };
}

/** Raised by our own deadline (the SDK's timeout covers only requests, not transport start-up). */
export class DeadlineError extends Error {
  constructor() {
    super("deadline passed");
  }
}

function timeout(f: FailureContext, make: Make): ConnectoryError {
  return f.stage === "request"
    ? make(
        "mcp.request.timeout",
        { key: "mcp.request-timeout", params: { server: f.server, ms: f.timeoutMs } },
        { key: "mcp.request-timeout-hint" },
      )
    : make(
        "mcp.handshake.timeout",
        { key: "mcp.handshake-timeout", params: { server: f.server, ms: f.timeoutMs } },
        { key: "mcp.handshake-timeout-hint" },
      );
}

function httpStatus(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) return error.code;
  const m = /\(HTTP (\d{3})\)/.exec(message(error));
  return m ? Number(m[1]) : undefined;
}

function message(error: unknown): string {
  if (error instanceof Error) return error.message;
  return error === undefined ? "" : String(error);
}
