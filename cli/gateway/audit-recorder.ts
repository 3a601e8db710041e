import { auditLog, describeArguments, loggedValues, type AuditEntry } from "../home/audit-log.js";
import { TOOL_DENIED } from "../mcp/rules-filter.js";
import { TOOLS_CHANGED } from "../mcp/tool-guard.js";

/** One finished tools/call, as `run` or the gateway saw it. */
export interface CallRecord {
  server: string;
  tool: string;
  args: unknown;
  startedAt: number;
  /** The JSON-RPC error code, when the call got an error instead of a result. */
  errorCode?: number;
  /** The result said isError. */
  toolError?: boolean;
  /** The host of this call's session (`gateway --http` serves several), else `client()` says. */
  client?: AuditEntry["client"];
}

/** Turns finished calls into audit lines: `record(call)` never throws and never waits. */
export function auditRecorder(options: {
  home: string;
  via: AuditEntry["via"];
  profile: string | null;
  logArguments: boolean;
  secretValues: readonly string[];
  client(): AuditEntry["client"];
  now?: () => number;
  log(message: string): void;
}): { record(call: CallRecord): void; flush(): Promise<void> } {
  const now = options.now ?? Date.now;
  const log = auditLog(options.home, {
    onError: (error) => options.log(`could not write the audit log: ${error.message}`),
  });
  return {
    record(call) {
      const refused = call.errorCode === TOOLS_CHANGED || call.errorCode === TOOL_DENIED;
      log.append({
        time: new Date(call.startedAt).toISOString(),
        via: options.via,
        client: call.client ?? options.client(),
        profile: options.profile,
        server: call.server,
        tool: call.tool,
        arguments: describeArguments(call.args),
        ...(options.logArguments ? { values: loggedValues(call.args, options.secretValues) } : {}),
        durationMs: Math.max(0, now() - call.startedAt),
        outcome:
          call.errorCode !== undefined
            ? refused
              ? "refused"
              : "error"
            : call.toolError
              ? "tool-error"
              : "ok",
        ...(call.errorCode !== undefined ? { errorCode: call.errorCode } : {}),
      });
    },
    flush: () => log.flush(),
  };
}
