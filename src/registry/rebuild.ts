import { setImmediate as eventLoopTurn } from "node:timers/promises";
import { ConnectoryError } from "../core/errors.js";
import type { RegistryRepository } from "../db/repository.js";
import type { RegistryDeps } from "./context.js";
import { versionDocument } from "./documents.js";
import { qualityFields } from "./quality.js";

const PUBLIC_URL_KEY = "public_url";
/**
 * The version of what connectorFields derives beyond the documents (the look-alike skeletons of
 * src/core/names/skeleton.ts; the quality score; the publisher's badge; the live checker's targets).
 * Bump it when that changes, and every row is rewritten once at start-up.
 */
const DERIVED_KEY = "derived_fields";
// 2: quality scores; 3: connectors.check_targets (the live checker); 4: the publisher's badge;
// 5: look-alike skeletons from the whole confusables data (issue 31 #12)
// 6: connectors.i18n and search_extra (translations, CJK grams) and PostgreSQL's vectors with them
// 7: check_targets name their mcp.json server (a remote version's tool snapshot is keyed by it)
// 8: connectors.upstream_name (the indexed upstream-name lookup), versions' upstreamVersion
// 9: quality items carry their words as keys (`localized`), so the checklist reads in Chinese
const DERIVED_VERSION = "9";
/** The derived-fields marker while a rebuild runs: no version, so a start-up after an interrupted one rebuilds. */
const REBUILDING = "rebuilding";
/** A rebuild says how far it is every this many connectors. */
const PROGRESS_EVERY = 10_000;
/**
 * Connectors rebuilt at once, each in its own transaction. One at a time, a connector's ~20 statements
 * waited on each other's round trips with both the process and PostgreSQL mostly idle: 74 connectors a
 * second at 100,000 on the bench machine's PostgreSQL (issue 29). SQLite's writes take one mutex, so
 * there they still run one at a time.
 */
const CONCURRENCY = 4;

/**
 * Prepared documents carry absolute tarball URLs. When the registry starts under a different PUBLIC_URL
 * than the one they were built for, or rows lack derived fields (rows from before the skeleton columns),
 * every document is rebuilt once (per connector, one transaction each, CONCURRENCY at once). The marker
 * is cleared first: a rebuild cut short (a crash, a deploy rolled back) leaves some documents built for
 * the new URL, so the next start rebuilds them all, whichever URL it runs under.
 */
export async function rebuildForPublicUrl(
  deps: RegistryDeps,
  /** How many connectors between progress lines (a test asks for fewer than 10,000). */
  progressEvery = PROGRESS_EVERY,
): Promise<number> {
  if (
    (await deps.repo.getMeta(PUBLIC_URL_KEY)) === deps.publicUrl &&
    (await deps.repo.getMeta(DERIVED_KEY)) === DERIVED_VERSION
  ) {
    return 0;
  }
  await deps.repo.transaction((tx) => tx.setMeta(DERIVED_KEY, REBUILDING));
  const names = await deps.repo.connectorNames();
  // The registry answers 503 `starting` until this ends (about 14 minutes for 100,000 connectors on the
  // bench machine's PostgreSQL, issue 29): its operator is told why, and how far it is (a new registry, with
  // nothing to rebuild, says nothing).
  const notice = names.length > 0 ? deps.notice : undefined;
  const started = performance.now();
  const count = names.length.toLocaleString("en");
  notice?.(
    `rebuilding the documents of ${count} connectors for ${deps.publicUrl} (PUBLIC_URL or the registry's ` +
      "derived fields changed); the registry answers 503 until this ends, and a stopped rebuild starts over",
  );
  let next = 0;
  let done = 0;
  let failed = false;
  // Each worker takes the next name until none is left, one fails, or a stop is asked.
  const worker = async () => {
    for (;;) {
      // A turn of the event loop first: on SQLite every await of a rebuild settles at once (the driver is
      // synchronous), so without it a SIGTERM, a timer or a health probe waited for the whole rebuild
      // (10,000 connectors: 47 s).
      await eventLoopTurn();
      // Asked to stop (a deploy's SIGTERM): between connectors, each rebuilt whole. The marker still says
      // `rebuilding`, so the next start rebuilds every document.
      if (next >= names.length || failed || deps.stopping?.aborted) return;
      const name = names[next++]!;
      try {
        await rebuildConnector(deps, name);
      } catch (error) {
        failed = true;
        throw error;
      }
      done++;
      if (done % progressEvery === 0 && done < names.length)
        notice?.(`rebuilt ${done.toLocaleString("en")} of ${count} connectors' documents`);
    }
  };
  // Every worker ends its connector before the rebuild throws: none is left writing.
  const results = await Promise.allSettled(Array.from({ length: CONCURRENCY }, worker));
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (rejected) throw rejected.reason;
  if (done < names.length)
    throw new ConnectoryError(
      "registry.stopped",
      `stopped after rebuilding ${done.toLocaleString("en")} of ${count} connectors' documents; the next start rebuilds them all`,
      { status: 503 },
    );
  await markDocumentsCurrent(deps.repo, deps.publicUrl);
  notice?.(
    `rebuilt the documents of ${count} connectors in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return names.length;
}

/** One connector's version documents for deps.publicUrl and its derived fields, in one transaction. */
async function rebuildConnector(deps: RegistryDeps, name: string): Promise<void> {
  await deps.repo.transaction(async (tx) => {
    const state = await tx.loadConnector(name);
    if (!state) return;
    for (const v of state.versions) {
      const document = versionDocument(state.name, state.publisher, v, deps.publicUrl);
      await tx.updateVersion(state.id, v.version, { yanked: v.yanked, deprecated: v.deprecated, document });
    }
    await tx.updateConnector(state.id, await qualityFields(tx, deps, state));
  });
}

/**
 * Records that every stored document was built for `publicUrl` with the current derived fields, so the
 * next start-up rebuilds nothing: the end of a rebuild, and of a bulk load that builds its documents with
 * connectorFields/versionDocument itself (the benchmarks' 100,000 connectors).
 */
export async function markDocumentsCurrent(repo: RegistryRepository, publicUrl: string): Promise<void> {
  await repo.transaction(async (tx) => {
    await tx.setMeta(PUBLIC_URL_KEY, publicUrl);
    await tx.setMeta(DERIVED_KEY, DERIVED_VERSION);
  });
}
