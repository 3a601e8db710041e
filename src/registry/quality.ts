import type { VersionContent } from "../core/api/documents.js";
import type { StabilityEvidence } from "../core/quality/evidence.js";
import type { ShownVersion } from "../core/quality/input.js";
import { scoreQuality } from "../core/quality/score.js";
import type { QualityDocument } from "../core/quality/types.js";
import { readToolsListing } from "../core/tools/read-report.js";
import { daysBefore } from "../db/download-days.js";
import type { ConnectorFields, ConnectorState, RegistryTx, VersionRecord } from "../db/repository.js";
import type { RegistryDeps } from "./context.js";
import { connectorFields, shownRecord } from "./documents.js";

// The quality score's evidence, gathered inside the write transaction that stores the connector document,
// so the score in the `quality_score` column and the checklist in the document never disagree.

/** Scores a connector from its versions and the stored evidence (downloads, reports, the last check). */
export async function connectorQuality(
  tx: RegistryTx,
  state: ConnectorState,
  now: Date,
): Promise<QualityDocument> {
  const today = now.toISOString().slice(0, 10);
  const stored = await tx.qualityEvidence(state.id, {
    weekStart: daysBefore(today, 6),
    previousWeekStart: daysBefore(today, 13),
  });
  const stability = parseStability(stored.stability);
  const shown = shownRecord(state);
  return scoreQuality({
    now,
    ...(shown ? { shown: shownFacts(shown) } : {}),
    releases: state.versions.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt,
      yanked: v.yanked,
    })),
    ...(stability ? { stability } : {}),
    community: {
      weeklyDownloads: stored.weeklyDownloads,
      previousWeeklyDownloads: stored.previousWeeklyDownloads,
      openReports: stored.openReports,
    },
  });
}

/** connectorFields with the quality scored now: what every write of a connector document stores. */
export async function qualityFields(
  tx: RegistryTx,
  deps: Pick<RegistryDeps, "publicUrl" | "now">,
  state: ConnectorState,
): Promise<ConnectorFields> {
  return connectorFields(state, deps.publicUrl, await connectorQuality(tx, state, deps.now()));
}

/**
 * Recomputes one connector's quality and rewrites its document and score column, in one transaction.
 * The live checker calls it after each check with the evidence it computed (`stability`, stored for the
 * later recomputes); reports call it when filed or resolved. Returns undefined for an unknown name.
 */
export async function refreshQuality(
  deps: RegistryDeps,
  name: string,
  evidence: { stability?: StabilityEvidence } = {},
): Promise<QualityDocument | undefined> {
  // The stored quality, read first: a recompute that changes nothing but `computedAt` writes nothing (the
  // daily refresh of every connector then rewrites only the documents whose checklist moved).
  const stored = await deps.repo.connectorDocument(name);
  const before = stored ? (JSON.parse(stored.body) as { quality?: QualityDocument }).quality : undefined;
  return deps.repo.transaction(async (tx) => {
    const state = await tx.loadConnector(name);
    if (!state) return undefined;
    if (evidence.stability) await tx.setStability(state.id, JSON.stringify(evidence.stability));
    const fields = await qualityFields(tx, deps, state);
    const quality = (JSON.parse(fields.document.body) as { quality: QualityDocument }).quality;
    if (!evidence.stability && before && sameChecklist(before, quality)) return before;
    await tx.updateConnector(state.id, fields);
    return quality;
  });
}

/** Equal but for when they were computed. */
function sameChecklist(a: QualityDocument, b: QualityDocument): boolean {
  return JSON.stringify({ ...a, computedAt: "" }) === JSON.stringify({ ...b, computedAt: "" });
}

/**
 * Recomputes every connector's quality (`connectory-registry quality refresh`; the embedded server runs it
 * daily): downloads and release age move with time, not only with writes. One transaction per connector.
 */
export async function refreshAllQuality(deps: RegistryDeps): Promise<number> {
  const names = await deps.repo.connectorNames();
  for (const name of names) await refreshQuality(deps, name);
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
