import { parseArgs } from "node:util";
import { ConnectoryError, usageError } from "../core/errors.js";
import { openDatabase } from "../db/open-database.js";
import type { TokenRow } from "../db/repository.js";
import { checkName } from "../registry/names.js";
import { createToken, revokeToken } from "../registry/tokens.js";

const USAGE = `Usage: npm run registry -- <command>

  token create --publisher <name> [--label <text>] [--json]   issue a publish token (shown once)
  token list [--json]                                           list tokens (prefixes, never secrets)
  token revoke <id|prefix> [--json]                             revoke tokens

The database is DATABASE_URL (default ./data/registry.db), as for \`npm start\`.`;

/** What an admin command printed and its exit code (0 ok, 1 failure, 2 usage). */
export interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one admin command against `databaseUrl`. */
export async function runAdmin(
  argv: string[],
  options: { databaseUrl: string; now?: () => Date },
): Promise<AdminResult> {
  const now = options.now ?? (() => new Date());
  try {
    const { values, positionals } = parse(argv);
    const [group, verb, ...rest] = positionals;
    if (values.help || group === undefined)
      return { code: values.help ? 0 : 2, stdout: `${USAGE}\n`, stderr: "" };
    if (group !== "token" || !["create", "list", "revoke"].includes(verb ?? "")) {
      throw usageError(`unknown command "${positionals.join(" ")}"`, "run `npm run registry -- --help`");
    }
    const json = values.json === true;
    const repo = await openDatabase(options.databaseUrl);
    try {
      if (verb === "create") {
        if (rest.length > 0) throw usageError("token create takes no positional arguments");
        if (typeof values.publisher !== "string") throw usageError("token create needs --publisher <name>");
        const publisher = checkName(values.publisher, "publisher");
        const label = typeof values.label === "string" ? values.label : undefined;
        const { token, row } = await createToken(repo, {
          publisher,
          ...(label ? { label } : {}),
          now: now(),
        });
        const text = `${token}\n`;
        const note = `Token ${row.id} for publisher "${publisher}" (${row.prefix}…). It is shown only this once: store it now.\n`;
        return json
          ? {
              code: 0,
              stdout: `${JSON.stringify({ token, id: row.id, publisher, prefix: row.prefix })}\n`,
              stderr: "",
            }
          : { code: 0, stdout: text, stderr: note };
      }
      if (verb === "list") {
        if (rest.length > 0) throw usageError("token list takes no arguments");
        const rows = await repo.listTokens();
        return {
          code: 0,
          stdout: json ? `${JSON.stringify({ tokens: rows }, null, 2)}\n` : table(rows),
          stderr: "",
        };
      }
      if (rest.length !== 1) throw usageError("token revoke needs one <id|prefix>");
      const revoked = await revokeToken(repo, rest[0]!, now());
      if (revoked.length === 0) {
        throw new ConnectoryError("token.not-found", `no active token matches "${rest[0]!.slice(0, 20)}"`, {
          hint: "`npm run registry -- token list` shows ids and prefixes",
        });
      }
      return {
        code: 0,
        stdout: json ? `${JSON.stringify({ revoked }, null, 2)}\n` : table(revoked),
        stderr: `revoked ${revoked.length} token(s)\n`,
      };
    } finally {
      await repo.close();
    }
  } catch (error) {
    if (error instanceof ConnectoryError) {
      return {
        code: error.usage ? 2 : 1,
        stdout: "",
        stderr: `error: ${error.message}\n${error.hint ? `  ${error.hint}\n` : ""}`,
      };
    }
    return {
      code: 1,
      stdout: "",
      stderr: `error: unexpected failure (a bug): ${String((error as Error)?.stack ?? error)}\n`,
    };
  }
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        publisher: { type: "string" },
        label: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    });
  } catch (error) {
    throw usageError((error as Error).message, "run `npm run registry -- --help`");
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
