import { and, type Column, eq, sql } from "drizzle-orm";
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
    outline: fields.outline,
  };
}

/** A stored document and its ETag (Prepared), of a connector or of a version: either dialect's table. */
export function preparedColumns<T extends { document: unknown; etag: unknown }>(
  table: T,
): { body: T["document"]; etag: T["etag"] } {
  return { body: table.document, etag: table.etag };
}

/** Where a version's tarball is stored and how to check it (RegistryRepository.tarball): either dialect's table. */
export function tarballColumns<V extends Record<"blobKey" | "size" | "integrity" | "sha256", unknown>>(
  versions: V,
): Pick<V, "blobKey" | "size" | "integrity" | "sha256"> {
  const { blobKey, size, integrity, sha256 } = versions;
  return { blobKey, size, integrity, sha256 };
}

/**
 * How the hot reads find their rows, on either dialect's tables: a connector by its name, and a version by
 * its connector's name and its version through the join of versions to connectors (placeholders `name`
 * and `version`, filled when a prepared statement runs).
 */
export function hotReadKeys(tables: {
  connectors: { id: Column; name: Column };
  versions: { connectorId: Column; version: Column };
}) {
  const { connectors, versions } = tables;
  const byName = eq(connectors.name, sql.placeholder("name"));
  return {
    byName,
    versionJoin: eq(connectors.id, versions.connectorId),
    byVersion: and(byName, eq(versions.version, sql.placeholder("version"))),
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
