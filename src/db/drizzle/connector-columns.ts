import type { ConnectorFields } from "../connector-rows.js";
import type { Tables } from "./dialect.js";

/** The connectors row's listing columns as both dialects store them (a dialect's search columns aside). */
export function connectorColumns(fields: ConnectorFields) {
  return {
    displayName: fields.displayName,
    description: fields.description,
    i18n: fields.i18n ? JSON.stringify(fields.i18n) : null,
    searchExtra: fields.searchExtra,
    keywords: JSON.stringify(fields.keywords),
    categories: JSON.stringify(fields.categories),
    version: fields.version,
    latest: fields.latest,
    updatedAt: fields.updatedAt,
    document: fields.document.body,
    etag: fields.document.etag,
    nameSkeleton: fields.nameSkeleton,
    displaySkeleton: fields.displaySkeleton,
    qualityScore: fields.qualityScore,
    ...(fields.checkTargets !== undefined ? { checkTargets: fields.checkTargets } : {}),
    upstreamName: fields.upstreamName,
    repository: fields.repository,
  };
}

/** A versions row as VersionRecord: what the services read back to rebuild documents. */
export function versionRecordColumns(versions: Tables["versions"]) {
  return {
    version: versions.version,
    publishedAt: versions.publishedAt,
    yanked: versions.yanked,
    deprecated: versions.deprecated,
    integrity: versions.integrity,
    sha256: versions.sha256,
    size: versions.size,
    blobKey: versions.blobKey,
    content: versions.content,
    tools: versions.tools,
    warnings: versions.warnings,
    malicious: versions.malicious,
    provenance: versions.provenance,
    buildProvenance: versions.buildProvenance,
    serverJson: versions.serverJson,
    toolSnapshot: versions.toolSnapshot,
    statement: versions.statement,
    signatures: versions.signatures,
    logIndex: versions.logIndex,
  };
}
