import { defineCommand } from "../command.js";
import { readAuditLog, type AuditEntry } from "../home/audit-log.js";
import { textTable } from "../terminal/text-table.js";
import { TOOL_NAME } from "../../src/core/tools/report.js";
import { localizedUsageError, say } from "../terminal/language.js";

const HEADERS = [
  "logs.h-time",
  "logs.h-client",
  "logs.h-server",
  "logs.h-tool",
  "logs.h-outcome",
  "logs.h-duration",
] as const;

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since`: an ISO date/time, or a duration back from now (`30m`, `2h`, `7d`). */
export function parseSince(value: string, now: Date): Date {
  const relative = /^(\d{1,6})([smhd])$/.exec(value);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (UNITS[relative[2] as string] ?? 0));
  const date = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw localizedUsageError({ key: "logs.bad-since", params: { value: JSON.stringify(value) } });
  return date;
}

const TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;
const OUTCOME = /^(ok|tool-error|error|refused)$/;
/** A host's name or version as hosts write them: visible characters and inner spaces, nothing else. */
const CLIENT = /^(?:[\p{L}\p{N}\p{P}\p{S}]+ ?){0,16}$/u;
const MAX_CELL = 128;

/** `text` as it is when it keeps `rule`; otherwise quoted with JSON escapes (and cut short). */
export function cell(text: unknown, rule: RegExp): string {
  const value = typeof text === "string" ? text : String(text);
  if (value.length <= MAX_CELL && rule.test(value)) return value;
  const quoted = JSON.stringify(value.slice(0, MAX_CELL));
  return value.length > MAX_CELL ? `${quoted}…` : quoted;
}

const command = defineCommand({
  usage: "logs [--server <s>] [--since <time>]",
  description: `
Prints the audit log: one line per tools/call that went through \`connectory run\` or \`connectory
gateway\`, oldest first: when, which host (from its initialize), the server and tool, the outcome
(ok, tool-error, error, refused) and how long it took. What the guards found (\`connectory guard\`)
is logged as its own line, outcome "flagged", with each finding's kind, rule, where (a JSON path
and an offset) and what was done (mask, warn, block), never the text that matched. The log is $CONNECTORY_HOME/logs/audit.jsonl
(one JSON object a line; past 5 MiB it becomes audit.1.jsonl). It holds argument names and sizes,
never their values unless run/gateway was given --log-arguments (and then with secrets masked).
--json prints { entries: [...] }.`,
  options: {
    server: { type: "string", value: "server", description: "only the calls to this server" },
    since: {
      type: "string",
      value: "time",
      description: "only calls since this date/time (ISO 8601) or duration ago (30m, 2h, 7d)",
    },
  },
  positionals: { max: 0 },
  async run(args, ctx) {
    const server = args.values.server;
    const since = args.values.since !== undefined ? parseSince(args.values.since, ctx.now()) : undefined;
    const entries = (await readAuditLog(ctx.home)).filter(
      (e) =>
        (server === undefined || e.server === server) &&
        (since === undefined || new Date(e.time).getTime() >= since.getTime()),
    );
    // Every cell is what a host or a server chose: one that breaks its rule is quoted and escaped,
    // so a newline in a tool or client name cannot forge a row.
    const rows = entries.map((e) => [
      cell(e.time, TIME),
      e.client ? `${cell(e.client.name, CLIENT)} ${cell(e.client.version, CLIENT)}`.trim() : "-",
      cell(e.server, TOOL_NAME),
      cell(e.tool, TOOL_NAME),
      cell(e.outcome, OUTCOME) +
        (typeof e.errorCode === "number" ? ` (${e.errorCode})` : "") +
        findingsText(e),
      `${cell(String(e.durationMs), /^\d{1,12}$/)} ms`,
    ]);
    const text =
      rows.length === 0
        ? say(server || since ? "logs.none-match" : "logs.none")
        : textTable(
            HEADERS.map((h) => say(h)),
            rows,
          );
    return { data: { entries }, text };
  },
});
export default command;

/** ` secrets/github-token at content[0].text:12 (mask)`: what a flagged entry found. */
function findingsText(e: AuditEntry): string {
  if (!e.findings || e.findings.length === 0) return "";
  const shown = e.findings.slice(0, 3).map((f) => `${f.kind}/${f.rule} at ${f.path}:${f.at} (${f.action})`);
  return `: ${shown.join(", ")}${e.findings.length > 3 ? ` +${e.findings.length - 3}` : ""}`;
}
