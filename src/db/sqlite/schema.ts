import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// The SQLite schema. The FTS5 table `connectors_fts` and its triggers cannot be expressed in drizzle;
// they live in custom migrations (migrations/sqlite/0001_search.sql;
// 0007_fts_extra.sql adds the `extra` column; 0009_substring_search.sql the trigram table `connectors_substr`
// of the official listing's substring search). Times are ISO-8601 UTC text.

/** A publisher owns connector names; tokens act for it. */
export const publishers = sqliteTable("publishers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  createdAt: text("created_at").notNull(),
  /** JSON array of the domains the publisher proved (publisher_domains holds the proofs): the badge. */
  verifiedDomains: text("verified_domains").notNull().default("[]"),
  /** Created by `connectory-registry import` from another registry's namespace, not yet claimed. */
  unclaimed: integer("unclaimed", { mode: "boolean" }).notNull().default(false),
  /** The upstream namespace an importer created it for (`io.github.acme`): later imports must name the same. */
  upstreamNamespace: text("upstream_namespace"),
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
    /** JSON of the translations of display name and description (plugin.json `i18n`); null: none. */
    i18n: text("i18n"),
    /**
     * What search matches beyond the English fields: translations and CJK grams (src/core/api/search-extra.ts).
     * Null until the start-up rebuild fills rows written before the column existed.
     */
    searchExtra: text("search_extra"),
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
    /** The official name the shown version was imported under (server.json `name`), looked up exactly. */
    upstreamName: text("upstream_name"),
    /**
     * The document's `repository` (a string, else null), so a listing row does not parse the document for
     * it (issue 29: reading it from the document cost more than the rest of a search page's row).
     */
    repository: text("repository"),
    /**
     * What a listing reads of the document (src/core/official/connector-outline.ts), written with it and
     * led by its ETag; null in rows from before it (a listing then reads the document).
     */
    outline: text("outline"),
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
    // GET /v0.1/servers/{upstream name}: one indexed lookup (issue 31 #13).
    index("connectors_upstream_name_idx").on(t.upstreamName),
    // The official listing's name-substring walk (strpos/instr over every name and upstream name, in name
    // order, until a page is found) reads only this: no row (heap) read per name looked at (issue 29).
    index("connectors_name_upstream_idx").on(t.name, t.id, t.upstreamName),
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
    /**
     * JSON: where a version published through trusted publishing was built (BuildProvenance: issuer,
     * repository, workflow, ref, sha, run), from the CI token's claims; null for any other publish.
     */
    buildProvenance: text("build_provenance"),
    /**
     * The server.json an imported version came from, verbatim (its JSON text as received, after validation
     * against the vendored official schema), or null: served as the version's `server` by /v0.1.
     */
    serverJson: text("server_json"),
    /**
     * JSON: the tool snapshot the registry recorded by running the version (ToolSnapshot: initialize and
     * the lists of tools, prompts and resources), or null before (or without) one.
     */
    toolSnapshot: text("tool_snapshot"),
    /** The canonical JSON of the statement the registry signed (src/core/signing/statement.ts); null: not yet signed. */
    statement: text("statement"),
    /** JSON array of the registry's signatures of `statement` ({ keyid, sig }). */
    signatures: text("signatures"),
    /** The statement's leaf index in the transparency log (tlog_leaves.idx). */
    logIndex: integer("log_index"),
    downloads: integer("downloads").notNull().default(0),
    document: text("document").notNull(),
    etag: text("etag").notNull(),
  },
  (t) => [
    uniqueIndex("versions_connector_version_idx").on(t.connectorId, t.version),
    // The versions not yet signed, which every start asks for (backfillSignatures): a partial index, empty
    // once all are signed, where the count scanned every version row, past its documents on SQLite (issue
    // 29: 372 ms of a cold start at 100,000 connectors).
    index("versions_unsigned_idx")
      .on(t.connectorId)
      .where(sql`${t.statement} IS NULL`),
  ],
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

/**
 * Events counted by a rate limit (src/registry/rate-limit.ts): failed logins and reports per client
 * address. In the database, so every registry process on it counts against one limit and a restart
 * forgets nothing; rows older than the longest window are pruned.
 */
export const rateEvents = sqliteTable(
  "rate_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** `<limit>:<client address>`, e.g. `auth:192.0.2.1` */
    key: text("key").notNull(),
    /** Milliseconds since the epoch. */
    at: integer("at").notNull(),
  },
  (t) => [index("rate_events_key_at_idx").on(t.key, t.at), index("rate_events_at_idx").on(t.at)],
);

/**
 * Leases on background work (src/registry/jobs/exclusive.ts): the seed, the catalog import, check passes,
 * quality refreshes. A process runs a job only while it holds its lease; a crashed holder's lease expires.
 */
export const leases = sqliteTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  /** ISO-8601 UTC; the lease is free from then on. */
  expiresAt: text("expires_at").notNull(),
});

/**
 * Trusted publishers (docs/publishers.md): a CI identity that may exchange its ID token for a publish
 * token of one connector. `connector` may not exist yet (a pending publisher: its first publish creates
 * it, for `publisher_id`). `repository_owner_id` is learned from the first token and checked after.
 */
export const trustedPublishers = sqliteTable(
  "trusted_publishers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    connector: text("connector").notNull(),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    issuer: text("issuer").notNull(),
    repository: text("repository").notNull(),
    repositoryOwnerId: text("repository_owner_id"),
    workflow: text("workflow").notNull(),
    /** "" when any environment (or none) may publish. */
    environment: text("environment").notNull().default(""),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("trusted_publishers_binding_idx").on(
      t.connector,
      t.issuer,
      t.repository,
      t.workflow,
      t.environment,
    ),
  ],
);

/** The `jti` of every CI token exchanged, until it expires: a replayed token is refused. */
export const oidcJtis = sqliteTable(
  "oidc_jtis",
  {
    issuer: text("issuer").notNull(),
    jti: text("jti").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.jti] }), index("oidc_jtis_expires_idx").on(t.expiresAt)],
);

/**
 * Publish tokens from a CI token exchange: one connector, 15 minutes, the build's provenance attached.
 * Only the sha256 of the secret is stored.
 */
export const oidcTokens = sqliteTable(
  "oidc_tokens",
  {
    hash: text("hash").primaryKey(),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    connector: text("connector").notNull(),
    /** JSON BuildProvenance. */
    provenance: text("provenance").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("oidc_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * The registry's Ed25519 signing keys, public halves only (docs/deploy.md, key rotation): a rotated key
 * keeps verifying what it signed, a revoked one verifies nothing. `endorsement` is the previous key's
 * signature of this one (JSON { keyid, sig }), which lets a client that pinned the old key follow.
 */
export const signingKeys = sqliteTable("signing_keys", {
  keyid: text("keyid").primaryKey(),
  publicKey: text("public_key").notNull(),
  createdAt: text("created_at").notNull(),
  expiresAt: text("expires_at"),
  revokedAt: text("revoked_at"),
  endorsement: text("endorsement"),
});

/**
 * The transparency log's leaves, in append order (src/registry/tlog/): `data` is the signed statement's
 * exact bytes (UTF-8), `hash` its RFC 6962 leaf hash (hex). Rows are only ever inserted.
 */
export const tlogLeaves = sqliteTable(
  "tlog_leaves",
  {
    idx: integer("idx").notNull(),
    data: text("data").notNull(),
    hash: text("hash").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.idx] })],
);

/** Hashes (hex) of the log's complete subtrees: `level` 0 is a leaf; proofs read them by (level, idx). */
export const tlogNodes = sqliteTable(
  "tlog_nodes",
  {
    level: integer("level").notNull(),
    idx: integer("idx").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx] })],
);

/** Every signed checkpoint the registry published (C2SP tlog-checkpoint notes), by tree size. */
export const tlogCheckpoints = sqliteTable(
  "tlog_checkpoints",
  {
    size: integer("size").notNull(),
    root: text("root").notNull(),
    note: text("note").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.size] })],
);
