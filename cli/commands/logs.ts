import { usageError } from "../../src/core/errors.js";
import type { Command } from "../command.js";
import { readAuditLog } from "../home/audit-log.js";
import { textTable } from "../terminal/text-table.js";

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since`: an ISO date/time, or a duration back from now (`30m`, `2h`, `7d`). */
export function parseSince(value: string, now: Date): Date {
  const relative = /^(\d{1,6})([smhd])$/.exec(value);
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (UNITS[relative[2] as string] ?? 0));
  const date = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw usageError(
      `--since must be a date (2026-05-01, 2026-05-01T12:00:00Z) or a duration (30m, 2h, 7d), not ${JSON.stringify(value)}`,
    );
  return date;
}

const command: Command = {
  usage: "logs [--server <s>] [--since <time>]",
  description: `
Prints the audit log: one line per tools/call that went through \`connectory run\` or \`connectory
gateway\`, oldest first: when, which host (from its initialize), the server and tool, the outcome
(ok, tool-error, error, refused) and how long it took. The log is $CONNECTORY_HOME/logs/audit.jsonl
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
    const server = args.values.server as string | undefined;
    const since =
      typeof args.values.since === "string" ? parseSince(args.values.since, ctx.now()) : undefined;
    const entries = (await readAuditLog(ctx.home)).filter(
      (e) =>
        (server === undefined || e.server === server) &&
        (since === undefined || new Date(e.time).getTime() >= since.getTime()),
    );
    const rows = entries.map((e) => [
      e.time,
      e.client ? `${e.client.name} ${e.client.version}`.trim() : "-",
      e.server,
      e.tool,
      e.outcome + (e.errorCode !== undefined ? ` (${e.errorCode})` : ""),
      `${e.durationMs} ms`,
    ]);
    const text =
      rows.length === 0
        ? "no tool calls logged" + (server || since ? " that match" : "")
        : textTable(["TIME", "CLIENT", "SERVER", "TOOL", "OUTCOME", "DURATION"], rows);
    return { data: { entries }, text };
  },
};
export default command;
