import { ConnectoryError, usageError } from "../../core/errors.js";
import { openDatabase } from "../../db/open-database.js";
import { verifyLog } from "../../registry/tlog/verify-log.js";
import type { AdminContext } from "../command.js";
import { databaseUrl } from "../environment.js";
import { parseOptions } from "../parse-options.js";

/** `connectory-registry log verify`: recomputes the transparency log from the database. */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("log", args, { json: { type: "boolean" } });
  if (positionals[0] !== "verify" || positionals.length !== 1)
    throw usageError("log needs the verb verify", "run `connectory-registry log verify`");
  const repo = await openDatabase(databaseUrl(ctx.env));
  try {
    const report = await verifyLog(repo);
    if (values.json === true)
      ctx.stdout(`${JSON.stringify({ ...report, ok: report.problems.length === 0 }, null, 2)}\n`);
    else
      ctx.stdout(
        `${report.size} entries, ${report.checkpoints} checkpoints: ${report.problems.length === 0 ? "consistent" : `${report.problems.length} problem(s)`}\n`,
      );
    if (report.problems.length > 0)
      throw new ConnectoryError("log.inconsistent", report.problems.slice(0, 20).join("; "), {
        hint: "the database's log does not match what was published: restore it from a backup and investigate who wrote to it (docs/security.md)",
      });
    return 0;
  } finally {
    await repo.close();
  }
}
