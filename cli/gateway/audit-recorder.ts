import { auditLog, describeArguments, loggedValues, type AuditEntry } from "../home/audit-log.js";
import { TOOL_DENIED } from "../mcp/rules-filter.js";
import { TOOLS_CHANGED } from "../mcp/tool-guard.js";
import type { GuardReport } from "../mcp/guard-filter.js";
import { say } from "../terminal/language.js";

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

/**
 * Turns finished calls into audit lines: `record(call)` never throws and never waits. The arguments a
 * call record holds are the host's own (the guards mask a copy), so describing them later is the same.
 */
export function auditRecorder(options: {
  home: string;
  via: AuditEntry["via"];
  profile: string | null;
  logArguments: boolean;
  secretValues: readonly string[];
  client(): AuditEntry["client"];
  now?: () => number;
  log(message: string): void;
  /** Masks known secret values in what is logged as a target (a resource URI can carry one). */
  hide?: (text: string) => string;
}): {
  record(call: CallRecord): void;
  /** One entry for what a guard found (outcome "flagged"). */
  flagged(report: GuardReport, client?: AuditEntry["client"]): void;
  flush(): Promise<void>;
} {
  const now = options.now ?? Date.now;
  const log = auditLog(options.home, {
    onError: (error) => options.log(say("gateway-log.audit-failed", { message: error.message })),
  });
  return {
    // Only what can change later is read now; the line itself is made when its batch is written.
    record(call) {
      const client = call.client ?? options.client();
      const durationMs = Math.max(0, now() - call.startedAt);
      log.append(() => {
        const refused = call.errorCode === TOOLS_CHANGED || call.errorCode === TOOL_DENIED;
        return {
          time: new Date(call.startedAt).toISOString(),
          via: options.via,
          client,
          profile: options.profile,
          server: call.server,
          tool: call.tool,
          arguments: describeArguments(call.args),
          // Undefined keys are left out of the line (JSON.stringify): one literal, no spreads.
          values: options.logArguments ? loggedValues(call.args, options.secretValues) : undefined,
          durationMs,
          outcome:
            call.errorCode !== undefined
              ? refused
                ? "refused"
                : "error"
              : call.toolError
                ? "tool-error"
                : "ok",
          errorCode: call.errorCode,
        };
      });
    },
    flagged(report, client) {
      const time = now();
      const who = client ?? options.client();
      log.append(() => ({
        time: new Date(time).toISOString(),
        via: options.via,
        client: who,
        profile: options.profile,
        server: report.server,
        tool: (options.hide ?? ((t: string) => t))(report.target),
        ...(report.method === "tools/call" ? {} : { method: report.method }),
        arguments: [],
        durationMs: 0,
        outcome: "flagged",
        findings: report.findings.map(({ kind, rule, path, at, action }) => ({
          kind,
          rule,
          path,
          at,
          action,
        })),
      }));
    },
    flush: () => log.flush(),
  };
}
