import type { VersionContent } from "../core/api/documents.js";
import type { StabilityEvidence } from "../core/quality/evidence.js";
import type { ShownVersion } from "../core/quality/input.js";
import { scoreQuality } from "../core/quality/score.js";
import type { QualityDocument } from "../core/quality/types.js";
import { readToolsListing } from "../core/tools/read-report.js";
import { daysBefore } from "../db/download-days.js";
import type {
  ConnectorFields,
  ConnectorState,
  StoredQualityEvidence,
  VersionRecord,
} from "../db/connector-rows.js";
import type { RegistryTx } from "../db/registry-tx.js";
import type { RegistryDeps } from "./context.js";
import { connectorFields, shownRecord } from "./documents.js";

// The quality score's evidence, gathered inside the write transaction that stores the connector document,
// so the score in the `quality_score` column, the checklist in the document and the check summary beside
// it (`checks`, read from the same `check_summary` row) never disagree.

/** A connector's score and the stability evidence it was computed from (the document's `checks`). */
export interface ScoredConnector {
  quality: QualityDocument;
  checks?: StabilityEvidence;
}

const NOTHING_STORED: StoredQualityEvidence = {
  weeklyDownloads: 0,
  previousWeeklyDownloads: 0,
  openReports: 0,
  checks: null,
};

/** Scores a connector from its versions and the stored evidence (downloads, reports, the check summary). */
export async function connectorQuality(
  tx: RegistryTx,
  state: ConnectorState,
  now: Date,
): Promise<ScoredConnector> {
  const today = now.toISOString().slice(0, 10);
  // A connector not created yet (id 0: a first publish, a bulk load) has no downloads, reports or checks.
  const stored =
    state.id === 0
      ? NOTHING_STORED
      : await tx.qualityEvidence(state.id, {
          weekStart: daysBefore(today, 6),
          previousWeekStart: daysBefore(today, 13),
        });
  const checks = parseStability(stored.checks);
  const shown = shownRecord(state);
  const quality = scoreQuality({
    now,
    ...(shown ? { shown: shownFacts(shown) } : {}),
    releases: state.versions.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt,
      yanked: v.yanked,
    })),
    ...(checks ? { stability: checks } : {}),
    community: {
      weeklyDownloads: stored.weeklyDownloads,
      previousWeeklyDownloads: stored.previousWeeklyDownloads,
      openReports: stored.openReports,
    },
  });
  return { quality, ...(checks ? { checks } : {}) };
}

/** connectorFields with the quality scored now: what every write of a connector document stores. */
export async function qualityFields(
  tx: RegistryTx,
  deps: Pick<RegistryDeps, "publicUrl" | "now">,
  state: ConnectorState,
): Promise<ConnectorFields> {
  const { quality, checks } = await connectorQuality(tx, state, deps.now());
  return connectorFields(state, deps.publicUrl, quality, checks);
}

/**
 * Recomputes one connector's quality and rewrites its document (`quality` and `checks`) and score column,
 * in one transaction, from the evidence stored now: the live checker calls it after each recordCheck,
 * reports when filed or resolved. Returns undefined for an unknown name.
 */
export async function refreshQuality(deps: RegistryDeps, name: string): Promise<QualityDocument | undefined> {
  return rescore(deps, name);
}

/**
 * refreshQuality, and first, when `renewed` is the connector's evidence recomputed from its checks as of
 * now (refreshAllQuality), stores it as the check summary if the stored one is about the same latest check
 * (its uptime windows moved since the check; a check recorded meanwhile wins).
 */
async function rescore(
  deps: RegistryDeps,
  name: string,
  renewed?: StabilityEvidence,
): Promise<QualityDocument | undefined> {
  // The stored document, read first: a recompute that changes nothing but `computedAt` writes nothing (the
  // daily refresh of every connector then rewrites only the documents whose checklist or checks moved).
  const stored = await deps.repo.connectorDocument(name);
  const before = stored ? (JSON.parse(stored.body) as ScoredConnector) : undefined;
  return deps.repo.transaction(async (tx) => {
    const state = await tx.loadConnector(name);
    if (!state) return undefined;
    // A clock behind the latest check (its summary is as of the check) renews nothing.
    if (renewed && renewed.latest.checkedAt <= deps.now().toISOString())
      await tx.renewCheckSummary(state.id, JSON.stringify(renewed), renewed.latest.checkedAt);
    const fields = await qualityFields(tx, deps, state);
    const after = JSON.parse(fields.document.body) as ScoredConnector;
    if (before?.quality && sameScore(before, after)) return before.quality;
    await tx.updateConnector(state.id, fields);
    return after.quality;
  });
}

/** The same checklist (but for when it was computed) and the same check summary. */
function sameScore(a: ScoredConnector, b: ScoredConnector): boolean {
  const key = (s: ScoredConnector) => JSON.stringify([{ ...s.quality, computedAt: "" }, s.checks ?? null]);
  return key(a) === key(b);
}

/** Connectors per stabilityEvidenceMany call of refreshAllQuality. */
const REFRESH_CHUNK = 500;

/**
 * Recomputes every connector's quality (`connectory-registry quality refresh`; the embedded server runs it
 * daily): downloads, release age and the uptime windows move with time, not only with writes. The
 * stability evidence is recomputed from the stored checks as of now (two queries per 500 connectors), so
 * a connector no longer checked loses the checks that left its 7- and 30-day windows. One transaction per
 * connector.
 */
export async function refreshAllQuality(deps: RegistryDeps): Promise<number> {
  const names = await deps.repo.connectorNames();
  for (let i = 0; i < names.length; i += REFRESH_CHUNK) {
    const chunk = names.slice(i, i + REFRESH_CHUNK);
    const renewed = await deps.repo.stabilityEvidenceMany(chunk, deps.now().toISOString());
    for (const name of chunk) await rescore(deps, name, renewed.get(name));
  }
  return names.length;
}

function shownFacts(v: VersionRecord): ShownVersion {
  const content = JSON.parse(v.content) as VersionContent;
  const tools = v.tools ? readToolsListing(JSON.parse(v.tools) as unknown) : undefined;
  const warnings = v.warnings ? (JSON.parse(v.warnings) as unknown) : undefined;
  return {
    version: v.version,
    content,
    deprecated: v.deprecated,
    ...(tools ? { toolCount: tools.items.length } : {}),
    ...(Array.isArray(warnings) ? { warnings: warnings.filter((w) => typeof w === "string") } : {}),
  };
}

/** The stored evidence, if it has the shape of StabilityEvidence (a bad row scores as "not checked"). */
function parseStability(json: string | null): StabilityEvidence | undefined {
  if (json === null) return undefined;
  try {
    const value = JSON.parse(json) as Partial<StabilityEvidence> | null;
    const latest = value?.latest;
    if (!latest || typeof latest.status !== "string" || typeof latest.checkedAt !== "string")
      return undefined;
    return value as StabilityEvidence;
  } catch {
    return undefined;
  }
}
