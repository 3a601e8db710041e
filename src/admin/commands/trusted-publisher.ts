import type { TrustedPublisherDocument } from "../../core/api/trusted-publisher-documents.js";
import { ConnectoryError, usageError } from "../../core/errors.js";
import { DEFAULT_ISSUERS, parseIssuers } from "../../core/oidc/bindings.js";
import { openDatabase } from "../../db/open-database.js";
import { checkName } from "../../registry/names.js";
import { IssuerKeys } from "../../registry/oidc/issuer-keys.js";
import {
  addTrustedPublisher,
  listTrustedPublishers,
  removeTrustedPublisher,
} from "../../registry/oidc/trusted-publishers.js";
import type { AdminContext } from "../command.js";
import { databaseUrl } from "../environment.js";
import { parseOptions, subVerb } from "../parse-options.js";

const VERBS = ["add", "list", "remove"] as const;

/**
 * `connectory-registry trusted-publisher add|list|remove`: the operator binds a connector (existing, or
 * not yet: a pending publisher) to a CI identity, against DATABASE_URL.
 */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("trusted-publisher", args, {
    issuer: { type: "string" },
    repository: { type: "string" },
    workflow: { type: "string" },
    environment: { type: "string" },
    publisher: { type: "string" },
    json: { type: "boolean" },
  });
  const [verbArg, connectorArg, ...rest] = positionals;
  const verb = subVerb("trusted-publisher", verbArg, VERBS);
  if (connectorArg === undefined) throw usageError(`trusted-publisher ${verb} needs a <connector>`);
  const connector = checkName(connectorArg);
  if (verb === "remove" ? rest.length !== 1 || !/^\d{1,9}$/.test(rest[0]!) : rest.length > 0)
    throw usageError(
      verb === "remove"
        ? "trusted-publisher remove needs <connector> <id>"
        : `trusted-publisher ${verb} takes one <connector>`,
      "the ids are in `connectory-registry trusted-publisher list <connector>`",
    );
  if (verb === "add" && (values.repository === undefined || values.workflow === undefined))
    throw usageError("trusted-publisher add needs --repository <owner/repo> and --workflow <file>");
  const json = values.json === true;
  const issuers = parseIssuers(ctx.env.OIDC_ISSUERS);
  const repo = await openDatabase(databaseUrl(ctx.env));
  try {
    const deps = { repo, oidc: { issuers, keys: new IssuerKeys() }, now: () => ctx.now() };
    if (verb === "list") {
      const list = await listTrustedPublishers(deps, { connector, manager: "operator" });
      if (json) ctx.stdout(`${JSON.stringify(list, null, 2)}\n`);
      else if (list.items.length === 0) ctx.stdout(`${connector} has no trusted publisher\n`);
      else ctx.stdout(`${list.items.map(line).join("\n")}\n`);
      return 0;
    }
    if (verb === "remove") {
      const removed = await removeTrustedPublisher(deps, {
        connector,
        id: Number(rest[0]),
        manager: "operator",
      });
      ctx.stdout(json ? `${JSON.stringify(removed)}\n` : `removed ${line(removed)}\n`);
      return 0;
    }
    const owner = await ownerOf(repo, connector, values.publisher, ctx.now().toISOString());
    const added = await addTrustedPublisher(deps, {
      connector,
      owner,
      binding: {
        issuer: values.issuer ?? DEFAULT_ISSUERS[0]!,
        repository: values.repository!,
        workflow: values.workflow!,
        environment: values.environment ?? null,
      },
    });
    ctx.stdout(json ? `${JSON.stringify(added)}\n` : `added ${line(added)}\n`);
    return 0;
  } finally {
    await repo.close();
  }
}

/** The connector's publisher; for a name not taken yet, --publisher (created if new). */
async function ownerOf(
  repo: Awaited<ReturnType<typeof openDatabase>>,
  connector: string,
  publisher: string | undefined,
  now: string,
): Promise<{ publisherId: number; publisher: string }> {
  const doc = await repo.connectorDocument(connector);
  const current = doc ? (JSON.parse(doc.body) as { publisher: string }).publisher : undefined;
  if (current !== undefined && publisher !== undefined && publisher !== current)
    throw new ConnectoryError("connector.forbidden", `"${connector}" belongs to publisher "${current}"`, {
      hint: "leave out --publisher: an existing connector's trusted publishers act for its publisher",
    });
  const name = current ?? publisher;
  if (name === undefined)
    throw usageError(
      `"${connector}" does not exist yet: say which publisher its first publish creates it for`,
      `add --publisher <name> (a pending publisher)`,
    );
  const row = await repo.ensurePublisher(checkName(name, "publisher"), now);
  return { publisherId: row.id, publisher: row.name };
}

function line(t: TrustedPublisherDocument): string {
  const env = t.environment ? ` environment ${t.environment}` : "";
  const pending = t.pending ? " (pending: the connector does not exist yet)" : "";
  return `${t.id}\t${t.connector}\t${t.repository} ${t.workflow}${env} on ${t.issuer}, for ${t.publisher}${pending}`;
}
