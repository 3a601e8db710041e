import { ConnectoryError, usageError } from "../../core/errors.js";
import { openDatabase } from "../../db/open-database.js";
import type { TokenRow } from "../../db/publisher-rows.js";
import { checkName } from "../../registry/names.js";
import { createToken, revokeToken } from "../../registry/tokens.js";
import type { AdminContext } from "../command.js";
import { databaseUrl } from "../environment.js";
import { parseOptions, subVerb } from "../parse-options.js";

const VERBS = ["create", "list", "revoke"] as const;

/** `connectory-registry token create|list|revoke`: publish tokens, against DATABASE_URL. */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("token", args, {
    publisher: { type: "string" },
    label: { type: "string" },
    json: { type: "boolean" },
  });
  const [verbArg, ...rest] = positionals;
  const verb = subVerb("token", verbArg, VERBS);
  const json = values.json === true;
  if (verb === "create") {
    if (rest.length > 0) throw usageError("token create takes no positional arguments");
    if (typeof values.publisher !== "string") throw usageError("token create needs --publisher <name>");
  } else if (verb === "list" && rest.length > 0) throw usageError("token list takes no arguments");
  else if (verb === "revoke" && rest.length !== 1) throw usageError("token revoke needs one <id|prefix>");
  // Every argument is checked before the database is opened (and created, for a new SQLite file).
  const publisher = verb === "create" ? checkName(values.publisher!, "publisher") : "";

  const repo = await openDatabase(databaseUrl(ctx.env));
  try {
    if (verb === "create") {
      const { token, row } = await createToken(repo, {
        publisher,
        ...(values.label ? { label: values.label } : {}),
        now: ctx.now(),
      });
      if (json) ctx.stdout(`${JSON.stringify({ token, id: row.id, publisher, prefix: row.prefix })}\n`);
      else {
        ctx.stdout(`${token}\n`);
        ctx.stderr(
          `Token ${row.id} for publisher "${publisher}" (${row.prefix}…). It is shown only this once: store it now.\n`,
        );
      }
      return 0;
    }
    if (verb === "list") {
      const rows = await repo.listTokens();
      ctx.stdout(json ? `${JSON.stringify({ tokens: rows }, null, 2)}\n` : table(rows));
      return 0;
    }
    const revoked = await revokeToken(repo, rest[0]!, ctx.now());
    if (revoked.length === 0) {
      throw new ConnectoryError("token.not-found", `no active token matches "${rest[0]!.slice(0, 20)}"`, {
        hint: "`connectory-registry token list` shows ids and prefixes",
      });
    }
    ctx.stdout(json ? `${JSON.stringify({ revoked }, null, 2)}\n` : table(revoked));
    ctx.stderr(`revoked ${revoked.length} token(s)\n`);
    return 0;
  } finally {
    await repo.close();
  }
}

function table(rows: TokenRow[]): string {
  if (rows.length === 0) return "no tokens\n";
  const lines = rows.map((r) =>
    [
      String(r.id),
      r.publisher,
      `${r.prefix}…`,
      r.createdAt,
      r.revokedAt ? `revoked ${r.revokedAt}` : "active",
      r.label ?? "",
    ]
      .join("\t")
      .trimEnd(),
  );
  return ["id\tpublisher\tprefix\tcreated\tstatus\tlabel", ...lines].join("\n") + "\n";
}
