import { and, eq, isNull, sql } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { connectors, distTags, publishers, tokens, versions } from "./schema.js";

/**
 * PgRepository's hot reads, prepared once: a named server-side statement skips parsing and planning per
 * request (measured: about 4× the throughput of building the query each time).
 */
export function prepareHotReads(db: PostgresJsDatabase) {
  const name = sql.placeholder("name");
  const version = sql.placeholder("version");
  const byVersion = and(eq(connectors.name, name), eq(versions.version, version));
  return {
    connectorDocument: db
      .select({
        body: connectors.document,
        etag: connectors.etag,
        downloads: connectors.downloads,
      })
      .from(connectors)
      .where(eq(connectors.name, name))
      .prepare("connector_document"),
    versionDocument: db
      .select({ body: versions.document, etag: versions.etag })
      .from(versions)
      .innerJoin(connectors, eq(connectors.id, versions.connectorId))
      .where(byVersion)
      .prepare("version_document"),
    tarball: db
      .select({
        blobKey: versions.blobKey,
        size: versions.size,
        integrity: versions.integrity,
        sha256: versions.sha256,
      })
      .from(versions)
      .innerJoin(connectors, eq(connectors.id, versions.connectorId))
      .where(byVersion)
      .prepare("tarball"),
    readmeHtml: db
      .select({ html: versions.readmeHtml })
      .from(versions)
      .innerJoin(connectors, eq(connectors.id, versions.connectorId))
      .where(byVersion)
      .prepare("readme_html"),
    latest: db
      .select({ latest: connectors.latest })
      .from(connectors)
      .where(eq(connectors.name, name))
      .prepare("latest"),
    tag: db
      .select({ version: distTags.version })
      .from(distTags)
      .innerJoin(connectors, eq(connectors.id, distTags.connectorId))
      .where(and(eq(connectors.name, name), eq(distTags.tag, sql.placeholder("tag"))))
      .prepare("tag"),
    findToken: db
      .select({ tokenId: tokens.id, publisherId: publishers.id, publisher: publishers.name })
      .from(tokens)
      .innerJoin(publishers, eq(publishers.id, tokens.publisherId))
      .where(and(eq(tokens.hash, sql.placeholder("hash")), isNull(tokens.revokedAt)))
      .prepare("find_token"),
  };
}
