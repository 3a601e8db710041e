import { usageError } from "../../core/errors.js";
import { openDatabase, parseDatabaseUrl } from "../../db/open-database.js";
import type { AdminContext } from "../command.js";
import { databaseUrl, describeDatabase } from "../environment.js";
import { parseOptions } from "../parse-options.js";

/** `connectory-registry migrate`: opening the database applies the committed migrations it lacks. */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("migrate", args, { json: { type: "boolean" } });
  if (positionals.length > 0)
    throw usageError("migrate takes no arguments", "run `connectory-registry migrate --help`");
  const url = databaseUrl(ctx.env);
  const repo = await openDatabase(url);
  await repo.close();
  if (values.json) ctx.stdout(`${JSON.stringify({ status: "ok", database: parseDatabaseUrl(url).kind })}\n`);
  else ctx.stderr(`migrations applied: ${describeDatabase(url)} is up to date\n`);
  return 0;
}
