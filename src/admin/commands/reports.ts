import { usageError } from "../../core/errors.js";
import { revealHidden } from "../../core/text/hidden-chars.js";
import { openDatabase } from "../../db/open-database.js";
import type { ReportRow } from "../../db/connector-rows.js";
import type { AdminContext } from "../command.js";
import { databaseUrl } from "../environment.js";
import { parseOptions, subVerb } from "../parse-options.js";
import { servingRegistry } from "../serving-registry.js";

const STATUSES = ["open", "malicious", "dismissed", "all"];

/** `connectory-registry reports list|resolve`: what users reported, and the operator's verdict. */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("reports", args, {
    status: { type: "string" },
    limit: { type: "string" },
    "confirm-malicious": { type: "boolean" },
    dismiss: { type: "boolean" },
    json: { type: "boolean" },
  });
  const [verbArg, ...rest] = positionals;
  const verb = subVerb("reports", verbArg, ["list", "resolve"] as const);
  const json = values.json === true;
  const status = values.status ?? "open";
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  let id = 0;
  if (verb === "list") {
    if (rest.length > 0) throw usageError("reports list takes no arguments");
    if (!STATUSES.includes(status)) throw usageError(`--status must be one of ${STATUSES.join(", ")}`);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw usageError("--limit must be 1-1000");
  } else {
    if (rest.length !== 1 || !/^\d{1,9}$/.test(rest[0]!))
      throw usageError("reports resolve needs one report <id>");
    id = Number(rest[0]);
    if (values["confirm-malicious"] === values.dismiss) {
      throw usageError(
        "reports resolve needs exactly one of --confirm-malicious or --dismiss",
        "--confirm-malicious yanks the version for good; --dismiss closes the report",
      );
    }
  }

  const repo = await openDatabase(databaseUrl(ctx.env));
  try {
    if (verb === "list") {
      const rows = await repo.listReports({ ...(status !== "all" ? { status } : {}), limit });
      ctx.stdout(json ? `${JSON.stringify({ reports: rows }, null, 2)}\n` : table(rows));
      return 0;
    }
    // Documents are rebuilt for the public URL they were built for (the serving registry's).
    const registry = await servingRegistry(repo, ctx);
    const resolution = values.dismiss ? "dismissed" : "malicious";
    const report = await registry.resolveReport({ id, resolution });
    if (json) ctx.stdout(`${JSON.stringify({ report, yanked: resolution === "malicious" }, null, 2)}\n`);
    else {
      ctx.stdout(table([report]));
      ctx.stderr(
        resolution === "malicious"
          ? `report ${id} confirmed: ${report.name}@${report.version} is yanked and marked malicious\n`
          : `report ${id} dismissed\n`,
      );
    }
    return 0;
  } finally {
    await repo.close();
  }
}

/** One line per report; the message is flattened and cut so a report cannot draw on the terminal. */
function table(rows: ReportRow[]): string {
  if (rows.length === 0) return "no reports\n";
  const flat = (text: string, max: number) => {
    // Hidden characters (bidi overrides, zero-width, tags) shown as markers, then one line, cut.
    // eslint-disable-next-line no-control-regex
    const one = revealHidden(text).replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ");
    return one.length > max ? `${one.slice(0, max - 1)}…` : one;
  };
  const lines = rows.map((r) =>
    [String(r.id), `${r.name}@${r.version}`, r.kind, r.status, r.createdAt, flat(r.message, 120)].join("\t"),
  );
  return ["id\tversion\tkind\tstatus\tcreated\tmessage", ...lines].join("\n") + "\n";
}
