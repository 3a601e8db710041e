import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { redact } from "../../src/core/secrets.js";
import { ConnectoryError } from "../../src/core/errors.js";
import type { Origin } from "../../src/core/merge.js";
import { InvalidStdoutError } from "./stdio-transport.js";

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

/** Turns whatever the SDK, node or the server threw into a ConnectoryError, secrets redacted. */
export function explainFailure(error: unknown, f: FailureContext): ConnectoryError {
  const hide = (text: string) => redact(text, f.secretValues);
  const tail = f.stderr?.length
    ? `\nlast lines on its stderr:\n${f.stderr.map((l) => `  | ${l}`).join("\n")}`
    : "";
  const make = (code: string, message: string, hint: string) =>
    new ConnectoryError(code, hide(message + tail), { hint: hide(hint), cause: error });
  const who = `server "${f.server}"`;
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;

  if (error instanceof ConnectoryError) return error;
  if (f.stage === "start" && errno === "ENOENT")
    return make(
      "mcp.command.not-found",
      `${who}: command "${f.command}" was not found`,
      "install it, or fix `command` in the server's config; it is run without a shell, so it must be on PATH or an absolute path",
    );
  if (f.stage === "start" && errno === "EACCES")
    return make(
      "mcp.command.not-executable",
      `${who}: command "${f.command}" is not executable`,
      "check its permissions (chmod +x)",
    );
  if (f.invalidLine !== undefined || error instanceof InvalidStdoutError) {
    const line = f.invalidLine ?? (error as InvalidStdoutError).line;
    return make(
      "mcp.protocol.invalid",
      `${who} wrote something that is not JSON-RPC on stdout: ${JSON.stringify(line.slice(0, 200))}`,
      "a stdio MCP server must write only JSON-RPC messages on stdout (logs belong on stderr); check that the command really is an MCP server",
    );
  }
  if (f.exit) {
    const how = f.exit.signal ? `was killed by ${f.exit.signal}` : `exited with code ${f.exit.code}`;
    const when = f.stage === "request" ? "while answering" : "before completing the MCP handshake";
    return make(
      "mcp.server.exited",
      `${who} ${how} ${when}`,
      "run the command by hand to see why, and check its credentials and arguments",
    );
  }
  const status = httpStatus(error);
  if (status === 401 || status === 403 || error instanceof UnauthorizedError)
    return make(
      status === 403 ? "mcp.http.forbidden" : "mcp.http.unauthorized",
      `${who} refused the connection (HTTP ${status ?? 401}) at ${f.url}`,
      authHint(f),
    );
  if (status === 404)
    return make(
      "mcp.http.not-found",
      `${who}: nothing at ${f.url} (HTTP 404)`,
      "check the server's url; the endpoint is often /mcp or /sse",
    );
  if (status !== undefined && status > 0)
    return make(
      "mcp.http.status",
      `${who} answered HTTP ${status} at ${f.url}: ${message(error)}`,
      "check the url and that the server is up",
    );
  if (error instanceof TypeError && /fetch failed/i.test(error.message))
    return make(
      "mcp.http.unreachable",
      `${who}: cannot reach ${f.url} (${message(error.cause) || error.message})`,
      "check the url, your network and any proxy settings",
    );
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return timeout(f, make);
  if (error instanceof DeadlineError) return timeout(f, make);
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
    return make(
      "mcp.server.closed",
      `${who} closed the connection ${f.stage === "request" ? "while answering" : "during the handshake"}`,
      "run it by hand to see why",
    );
  if (/protocol version is not supported/i.test(message(error)))
    return make(
      "mcp.protocol.unsupported",
      `${who}: ${message(error)}`,
      "the server speaks an MCP version this CLI does not; update connectory or the server",
    );
  return make(
    f.stage === "request" ? "mcp.request.failed" : "mcp.handshake.failed",
    `${who}: ${f.stage === "request" ? "a request failed" : "the MCP handshake failed"}: ${message(error)}`,
    "run `connectory inspect` on it for details, or run the server by hand",
  );
}

/**
 * What to do about a 401/403. A connector's token is one of its credentials; a hand-written server's
 * is in its own headers in mcp.json, which `credentials set` cannot reach, and changing them needs a
 * new trust.
 */
function authHint(f: FailureContext): string {
  if (f.origin?.kind === "manual") {
    return `its token is in its headers in ${f.origin.file}: fix them with \`connectory mcp add ${f.server} --url ${f.url ?? "<url>"} --header "Authorization: Bearer <token>" --force\` (one --header per header it needs), then re-trust it: \`connectory trust ${f.server}\` (or add --trust to mcp add)`;
  }
  const connector = f.origin?.connector ?? "<connector>";
  return `check the connector's credentials (\`connectory credentials set ${connector}\`) and the server's headers`;
}

/** Raised by our own deadline (the SDK's timeout covers only requests, not transport start-up). */
export class DeadlineError extends Error {
  constructor() {
    super("deadline passed");
  }
}

function timeout(
  f: FailureContext,
  make: (c: string, m: string, h: string) => ConnectoryError,
): ConnectoryError {
  return f.stage === "request"
    ? make(
        "mcp.request.timeout",
        `server "${f.server}" did not answer within ${f.timeoutMs} ms`,
        "try a larger --timeout",
      )
    : make(
        "mcp.handshake.timeout",
        `server "${f.server}" did not complete the MCP handshake within ${f.timeoutMs} ms`,
        "it may be waiting for input or slow to start (npx downloads on first run): retry with a larger --timeout, or run it by hand",
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
