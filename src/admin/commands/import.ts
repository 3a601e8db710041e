import { isConnectoryError, usageError } from "../../core/errors.js";
import { createApp } from "../../server/app.js";
import { openDatabase } from "../../db/open-database.js";
import { createBlobStore } from "../../storage/create-blob-store.js";
import type { AdminContext } from "../command.js";
import { databaseUrl, serveSettings } from "../environment.js";
import { runImport } from "../../registry/import/import-run.js";
import { importEntries } from "../../registry/import/import-sources.js";
import { parseOptions } from "../parse-options.js";

/** An RFC 3339 date-time, as the official API's `updated_since` takes it. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `connectory-registry import <source>`: converts every entry of an ecosystem catalog and publishes it into
 * DATABASE_URL's registry (and STORAGE_DIR / STORAGE_URL's blobs), then reports what happened to each.
 */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("import", args, {
    json: { type: "boolean" },
    since: { type: "string" },
  });
  if (positionals.length !== 1)
    throw usageError(
      "import needs one source: a file, a folder or a registry's base URL",
      "run `connectory-registry import --help`",
    );
  const since = values.since;
  if (since !== undefined && (!RFC3339.test(since) || Number.isNaN(Date.parse(since))))
    throw usageError(
      `--since needs an RFC 3339 time, got "${since.slice(0, 40)}"`,
      "e.g. --since 2026-12-01T00:00:00Z (the time of the previous sync)",
    );
  let entries: Awaited<ReturnType<typeof importEntries>>;
  try {
    entries = await importEntries(positionals[0]!, {
      fetch: globalThis.fetch,
      cwd: process.cwd(),
      ...(since !== undefined ? { since } : {}),
    });
  } catch (error) {
    // Under --json the failure is the one document, with its code; the text form stays the edge's.
    if (!values.json || !isConnectoryError(error)) throw error;
    ctx.stdout(`${JSON.stringify({ error: { code: error.code, message: error.message } })}\n`);
    return 1;
  }
  const settings = serveSettings(ctx.env);
  const repo = await openDatabase(databaseUrl(ctx.env));
  try {
    const app = createApp({
      db: repo,
      blobs: createBlobStore(settings.storageDir, ctx.env),
      publicUrl: settings.publicUrl ?? "http://import.internal",
    });
    await app.registry.ready();
    const report = await runImport({
      registry: app.registry,
      repo,
      entries,
      now: () => ctx.now(),
      progress: (done, total) => {
        if (done > 0 && done % 50 === 0) ctx.stderr(`import: ${done}/${total}\n`);
      },
    });
    if (values.json) ctx.stdout(`${JSON.stringify(report)}\n`);
    else {
      const { counts } = report;
      const lines = [
        `imported ${counts.imported}, updated ${counts.updated}, unchanged ${counts.unchanged}, yanked ${counts.yanked}, deprecated ${counts.deprecated}, restored ${counts.restored}, refused ${counts.refused} (of ${entries.length})`,
      ];
      for (const e of report.entries.filter((e) => e.status === "refused"))
        lines.push(`  refused ${e.entry}: ${e.code}: ${e.reason}`);
      ctx.stdout(`${lines.join("\n")}\n`);
    }
    return 0;
  } finally {
    await repo.close();
  }
}
