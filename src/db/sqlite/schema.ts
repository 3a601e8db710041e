import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// The SQLite schema. The FTS5 table `connectors_fts` and its triggers cannot be expressed in drizzle;
// they live in a custom migration (migrations/sqlite/0001_search.sql). Times are ISO-8601 UTC text.

/** A publisher owns connector names; tokens act for it. */
export const publishers = sqliteTable("publishers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  createdAt: text("created_at").notNull(),
  /** JSON array of the domains the publisher proved (publisher_domains holds the proofs): the badge. */
  verifiedDomains: text("verified_domains").notNull().default("[]"),
  /** Created by `connectory-registry import` from another registry's namespace, not yet claimed. */
  unclaimed: integer("unclaimed", { mode: "boolean" }).notNull().default(false),
});

/**
 * A publisher's domain proofs (docs/publishers.md): the challenge handed out, and when and how it was
 * proven. A domain is verified for at most one publisher (the partial unique index).
 */
export const publisherDomains = sqliteTable(
  "publisher_domains",
  {
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    domain: text("domain").notNull(),
    challenge: text("challenge").notNull(),
    requestedAt: text("requested_at").notNull(),
    /** "http" or "dns", once proven. */
    method: text("method"),
    verifiedAt: text("verified_at"),
  },
  (t) => [
    primaryKey({ columns: [t.publisherId, t.domain] }),
    uniqueIndex("publisher_domains_verified_idx")
      .on(t.domain)
      .where(sql`${t.verifiedAt} IS NOT NULL`),
  ],
);

/** Publish tokens: only the sha256 of the secret is stored; `prefix` identifies it in listings. */
export const tokens = sqliteTable(
  "tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    hash: text("hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    label: text("label"),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("tokens_prefix_idx").on(t.prefix)],
);

/**
 * One row per connector name. `document`/`etag` are the connector document prepared at write time
 * (without `downloads`, spliced in at read time so counting stays one UPDATE).
 */
export const connectors = sqliteTable(
  "connectors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    displayName: text("display_name"),
    description: text("description").notNull(),
    /** JSON array, also indexed by FTS (the tokenizer ignores the punctuation). */
    keywords: text("keywords").notNull().default("[]"),
    /** JSON array; connector_categories is the indexed copy. */
    categories: text("categories").notNull().default("[]"),
    /** The version shown in listings: `latest`, else the highest non-yanked one. */
    version: text("version"),
    latest: text("latest"),
    downloads: integer("downloads").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    document: text("document").notNull(),
    etag: text("etag").notNull(),
    /**
     * Look-alike keys (src/core/names/skeleton.ts) of the name and the display name: a new name or display
     * name whose skeleton another publisher holds is refused with one indexed lookup. Null until the
     * start-up rebuild fills rows written before the column existed.
     */
    nameSkeleton: text("name_skeleton"),
    displaySkeleton: text("display_skeleton"),
    /** The quality score (0..100, docs/quality.md) of the prepared document's `quality`, for sort=quality. */
    qualityScore: integer("quality_score").notNull().default(0),
    /**
     * The live checker's view (src/registry/checks/): `check_targets` is JSON of the shown version's remote
     * servers ([{ url, transport }], null when there is nothing to check remotely); `check_lease` is when a
     * pass's claim on the row expires; `checked_at` the last check; `check_summary` the StabilityEvidence
     * JSON (src/core/quality/evidence.ts) as of the last check, or as of the daily quality refresh when
     * that moved its uptime windows: the one copy the quality score reads and the connector document
     * carries as `checks` (and `quality.check`), both written with the document (src/registry/quality.ts).
     */
    checkTargets: text("check_targets"),
    checkLease: text("check_lease"),
    checkedAt: text("checked_at"),
    checkSummary: text("check_summary"),
  },
  (t) => [
    index("connectors_name_skeleton_idx").on(t.nameSkeleton),
    index("connectors_display_skeleton_idx").on(t.displaySkeleton),
    index("connectors_downloads_idx").on(sql`${t.downloads} DESC`, t.name),
    index("connectors_updated_idx").on(sql`${t.updatedAt} DESC`, t.name),
    index("connectors_quality_idx").on(sql`${t.qualityScore} DESC`, t.name),
    // A publisher's listing (GET /v1/connectors?publisher=, the web's /p/:publisher) walks this in name order.
    index("connectors_publisher_name_idx").on(t.publisherId, t.name),
    // The checker claims the least recently checked rows first.
    index("connectors_checked_idx").on(t.checkedAt),
    // The official listing's name-substring walk (strpos/instr over every name, in name order, until a page
    // is found) reads only this: on PostgreSQL an index-only scan, not a heap fetch per name looked at.
    index("connectors_name_id_idx").on(t.name, t.id),
  ],
);

/** Category membership, for the filter and the counts. */
export const connectorCategories = sqliteTable(
  "connector_categories",
  {
    category: text("category").notNull(),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.connectorId] }),
    // Rewriting a connector's categories deletes by connector: without this, a scan of every row per write
    // (quadratic bulk loads, and a publish that slows with the size of the registry).
    index("connector_categories_connector_idx").on(t.connectorId),
  ],
);

/** Immutable published versions; only `yanked`, `deprecated`, `tools`, `downloads` and the prepared document change. */
export const versions = sqliteTable(
  "versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    version: text("version").notNull(),
    publishedAt: text("published_at").notNull(),
    yanked: integer("yanked", { mode: "boolean" }).notNull().default(false),
    deprecated: text("deprecated"),
    integrity: text("integrity").notNull(),
    sha256: text("sha256").notNull(),
    size: integer("size").notNull(),
    blobKey: text("blob_key").notNull(),
    /** JSON: what the package declares (manifest, servers, token schema, skills, readme). */
    content: text("content").notNull(),
    /**
     * JSON: the tools the publisher reported for this version (`{ reportedBy, reportedAt, items }`,
     * src/registry/tools.ts), or null. Not part of `content`: the package does not declare it, and the
     * owner may report it again (PUT /v1/connectors/:name/:version/tools) while the content never changes.
     */
    tools: text("tools"),
    /**
     * The README as sanitized HTML, rendered once off the request path (src/registry/readme/); "" when the
     * version has none; null for rows published before the column existed, until the start-up rebuild.
     */
    readmeHtml: text("readme_html"),
    /** JSON array of the codes of the validation warnings at publish (the quality item package.warnings); null before. */
    warnings: text("warnings"),
    /** When an operator confirmed a report that this version is malicious (it is then yanked for good); null: not. */
    malicious: text("malicious"),
    /**
     * JSON: where an imported version came from (`connectory-registry import`: format, upstream name and
     * version, origin, fetched at), or null for a version its publisher uploaded. Set only by the importer.
     */
    provenance: text("provenance"),
    downloads: integer("downloads").notNull().default(0),
    document: text("document").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [uniqueIndex("versions_connector_version_idx").on(t.connectorId, t.version)],
);

/** Dist-tags set explicitly by the owner; a computed `latest` lives in connectors.latest. */
export const distTags = sqliteTable(
  "dist_tags",
  {
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    tag: text("tag").notNull(),
    version: text("version").notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectorId, t.tag] })],
);

/** Registry-wide settings, e.g. the public URL the prepared documents were built for. */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * One row per counted download: `key` is sha256(client address, connector, version, UTC day), so a client
 * counts once per version per day (src/registry/download-key.ts); `day` lets old marks be pruned.
 */
export const downloadMarks = sqliteTable(
  "download_marks",
  {
    key: text("key").primaryKey(),
    day: text("day").notNull(),
  },
  (t) => [index("download_marks_day_idx").on(t.day)],
);

/**
 * Unique downloads per connector per UTC day: a download that makes a new download mark adds one here,
 * so the weekly downloads of the quality score are a sum over 14 rows at most; days older than 30 are pruned.
 */
export const downloadDays = sqliteTable(
  "download_days",
  {
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.connectorId, t.day] })],
);

/** Reports of a connector version by anyone (POST /v1/connectors/:name/:version/reports); operators resolve them. */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    version: text("version").notNull(),
    /** broken | malicious | spam | impersonation */
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    /** open | malicious (confirmed: the version is yanked and marked) | dismissed */
    status: text("status").notNull().default("open"),
    createdAt: text("created_at").notNull(),
    resolvedAt: text("resolved_at"),
  },
  (t) => [
    index("reports_status_idx").on(t.status, t.id),
    index("reports_connector_status_idx").on(t.connectorId, t.status),
  ],
);

/** One live check of a connector (src/registry/checks/): remote ones on a schedule, bundled ones at publish. */
export const connectorChecks = sqliteTable(
  "connector_checks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    version: text("version"),
    checkedAt: text("checked_at").notNull(),
    /** remote | bundled */
    kind: text("kind").notNull(),
    /** up | needs-auth | down | error */
    status: text("status").notNull(),
    latencyMs: integer("latency_ms"),
    protocolVersion: text("protocol_version"),
    toolCount: integer("tool_count"),
    error: text("error"),
  },
  (t) => [index("connector_checks_connector_idx").on(t.connectorId, t.checkedAt)],
);
