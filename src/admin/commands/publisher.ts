import { ConnectoryError, usageError } from "../../core/errors.js";
import { openDatabase } from "../../db/open-database.js";
import { checkName } from "../../registry/names.js";
import { claimPublisher } from "../../registry/publishers/domains.js";
import { createToken } from "../../registry/tokens.js";
import type { AdminContext } from "../command.js";
import { databaseUrl, serveSettings } from "../environment.js";
import { parseOptions, subVerb } from "../parse-options.js";

const VERBS = ["claim", "show"] as const;

/**
 * `connectory-registry publisher claim|show`: hand an imported (unclaimed) publisher to its real owner
 * with a fresh token, or show a publisher's badge and domains.
 */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("publisher", args, {
    label: { type: "string" },
    json: { type: "boolean" },
  });
  const [verbArg, name, ...rest] = positionals;
  const verb = subVerb("publisher", verbArg, VERBS);
  if (name === undefined || rest.length > 0) throw usageError(`publisher ${verb} needs one <publisher> name`);
  const publisher = checkName(name, "publisher");
  const json = values.json === true;
  const repo = await openDatabase(databaseUrl(ctx.env));
  try {
    const record = await repo.findPublisher(publisher);
    if (!record)
      throw new ConnectoryError("publisher.not-found", `there is no publisher "${publisher}"`, {
        status: 404,
        hint: "a connector page shows its publisher (by <publisher>)",
      });
    if (verb === "show") {
      const domains = (await repo.domainProofs({ publisherId: record.id })).map((d) => ({
        domain: d.domain,
        status: d.verifiedAt ? "verified" : "pending",
        ...(d.method ? { method: d.method } : {}),
        ...(d.verifiedAt ? { verifiedAt: d.verifiedAt } : {}),
      }));
      const doc = {
        publisher,
        createdAt: record.createdAt,
        unclaimed: record.unclaimed,
        verifiedDomains: record.verifiedDomains,
        domains,
      };
      if (json) ctx.stdout(`${JSON.stringify(doc, null, 2)}\n`);
      else {
        const state = record.unclaimed ? "unclaimed (imported)" : "claimed";
        const verified = record.verifiedDomains.length > 0 ? record.verifiedDomains.join(", ") : "none";
        const lines = [`${publisher}: ${state}; verified domains: ${verified}`];
        for (const d of domains) lines.push(`  ${d.domain}\t${d.status}${d.method ? ` (${d.method})` : ""}`);
        ctx.stdout(`${lines.join("\n")}\n`);
      }
      return 0;
    }
    // claim: the documents are rewritten for the URL the registry serves them under.
    const publicUrl =
      serveSettings(ctx.env).publicUrl ?? (await repo.getMeta("public_url")) ?? "http://localhost:8787";
    const wasUnclaimed = record.unclaimed;
    const { connectors } = await claimPublisher(
      { repo, publicUrl: publicUrl.replace(/\/+$/, ""), now: () => ctx.now() },
      publisher,
    );
    const { token, row } = await createToken(repo, {
      publisher,
      label: values.label ?? "claimed",
      now: ctx.now(),
    });
    if (json)
      ctx.stdout(
        `${JSON.stringify({ publisher, token, id: row.id, prefix: row.prefix, connectors, wasUnclaimed })}\n`,
      );
    else {
      ctx.stdout(`${token}\n`);
      ctx.stderr(
        `Publisher "${publisher}" is claimed (${connectors} connector(s) no longer shown as unclaimed). Token ${row.id} (${row.prefix}…) is shown only this once: give it to the owner.\n`,
      );
    }
    return 0;
  } finally {
    await repo.close();
  }
}
