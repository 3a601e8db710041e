import { usageError } from "../../core/errors.js";
import { openDatabase } from "../../db/open-database.js";
import { runCheckPass, type CheckPassReport } from "../../registry/checks/check-pass.js";
import type { AdminContext } from "../command.js";
import { checkSettings, databaseUrl } from "../environment.js";
import { parseOptions } from "../parse-options.js";
import { servingRegistry } from "../serving-registry.js";

/**
 * `connectory-registry check`: one pass of live checks over the remote connectors that are due, then
 * exit. Safe to run from several processes at once (rows are claimed in the database): cron, a systemd
 * timer or a Kubernetes CronJob schedule it.
 */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("check", args, {
    limit: { type: "string" },
    concurrency: { type: "string" },
    "min-age": { type: "string" },
    timeout: { type: "string" },
    json: { type: "boolean" },
  });
  if (positionals.length > 0)
    throw usageError("check takes no arguments", "run `connectory-registry check --help`");
  const limit = count("--limit", values.limit, 1000, 1, 1_000_000);
  const concurrency = count("--concurrency", values.concurrency, 16, 1, 256);
  const minAge = count("--min-age", values["min-age"], 600, 0, 31 * 86_400);
  const timeout = count("--timeout", values.timeout, 15, 1, 300);
  const settings = checkSettings(ctx.env); // CHECK_ALLOWLIST is checked before the database is opened
  const repo = await openDatabase(databaseUrl(ctx.env));
  try {
    // Each check rescores its connector (docs/quality.md), in documents built for the serving registry's URL.
    const registry = await servingRegistry(repo, ctx);
    const report = await runCheckPass({
      onEvidence: async (name) => void (await registry.refreshQuality(name)),
      onSnapshot: (name, version, snapshot) => registry.recordToolSnapshot({ name, version, snapshot }),
      repo,
      allow: settings.allow,
      now: () => ctx.now(),
      limit,
      concurrency,
      minAgeMs: minAge * 1000,
      timeoutMs: timeout * 1000,
      onResult: (e) => {
        if (!values.json) ctx.stderr(`${e.name}: ${e.status}${e.error ? ` (${e.error})` : ""}\n`);
      },
    });
    ctx.stdout(values.json ? `${JSON.stringify(report)}\n` : summary(report));
    return 0;
  } finally {
    await repo.close();
  }
}

function count(option: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\d{1,7}$/.test(text) || n < min || n > max)
    throw usageError(`${option} must be a whole number from ${min} to ${max}, got "${text.slice(0, 20)}"`);
  return n;
}

function summary(report: CheckPassReport): string {
  const c = report.counts;
  const lines = [
    `checked ${report.checked} connector(s) in ${(report.durationMs / 1000).toFixed(1)} s (concurrency ${report.concurrency}): ` +
      `${c.up} up, ${c["needs-auth"]} need sign-in, ${c.down} down, ${c.error} error`,
  ];
  if (report.entries.length > 0) {
    lines.push("name\tstatus\tlatency\tprotocol\ttools\treason");
    for (const e of report.entries)
      lines.push(
        [
          e.name,
          e.status,
          e.latencyMs !== undefined ? `${e.latencyMs} ms` : "",
          e.protocolVersion ?? "",
          e.toolCount ?? "",
          e.error ?? "",
        ]
          .join("\t")
          .trimEnd(),
      );
  }
  return `${lines.join("\n")}\n`;
}
