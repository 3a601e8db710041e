import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// The PostgreSQL schema, kept in lockstep with src/db/sqlite/schema.ts: the same tables, columns,
// nullability and indexes (test/db/postgres-schema.test.ts compares them). The differences are dialect
// types only (identity ids, boolean, bigint counters) plus `connectors.search`, the tsvector that stands in
// for SQLite's FTS5 table, and `connector_search`, its narrow copy with the name that relevance reads. Times are ISO-8601 UTC text in both, so they sort and compare the same way.

/** A weighted full-text vector; written with the connector by pg-dialect.ts from normalized text (see search-text.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A publisher owns connector names; tokens act for it. */
export const publishers = pgTable("publishers", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
  createdAt: text("created_at").notNull(),
  /** JSON array of the domains the publisher proved (publisher_domains holds the proofs): the badge. */
  verifiedDomains: text("verified_domains").notNull().default("[]"),
  /** Created by `connectory-registry import` from another registry's namespace, not yet claimed. */
  unclaimed: boolean("unclaimed").notNull().default(false),
  /** The upstream namespace an importer created it for (`io.github.acme`): later imports must name the same. */
  upstreamNamespace: text("upstream_namespace"),
});

/**
 * A publisher's domain proofs (docs/publishers.md): the challenge handed out, and when and how it was
 * proven. A domain is verified for at most one publisher (the partial unique index).
 */
export const publisherDomains = pgTable(
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
export const tokens = pgTable(
  "tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
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

/** One row per connector name, with its prepared document (see the SQLite schema for the why). */
export const connectors = pgTable(
  "connectors",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull().unique(),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    displayName: text("display_name"),
    description: text("description").notNull(),
    /** JSON array. */
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
    version: text("version"),
    latest: text("latest"),
    downloads: bigint("downloads", { mode: "number" }).notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    document: text("document").notNull(),
    etag: text("etag").notNull(),
    /** name (A), display name (B), keywords (C), description (D); the FTS5 table's counterpart. */
    search: tsvector("search").notNull(),
    /** Look-alike keys of the name and display name (see the SQLite schema). */
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
    index("connectors_publisher_name_idx").on(t.publisherId, t.name),
    // The checker claims the least recently checked rows first.
    index("connectors_checked_idx").on(t.checkedAt),
    // GET /v0.1/servers/{upstream name}: one indexed lookup (issue 31 #13).
    index("connectors_upstream_name_idx").on(t.upstreamName),
    // The official listing's name-substring walk (strpos/instr over every name and upstream name, in name
    // order, until a page is found) reads only this: no row (heap) read per name looked at (issue 29).
    index("connectors_name_upstream_idx").on(t.name, t.id, t.upstreamName),
    // A listing needle with a space can be in no name but an upstream name holding a space (an imported
    // entry's name is not checked for one): the name group of such a needle reads this index, empty in
    // practice, rather than looking for candidates in every name (src/db/postgres/pg-server-list.ts, issue 29).
    index("connectors_spaced_upstream_idx")
      .on(t.name)
      .where(sql`${t.upstreamName} LIKE '% %'`),
    index("connectors_search_idx").using("gin", t.search),
    // The official listing's description substring (`search=`, a LIKE on lower(description)): pg_trgm's
    // trigrams find the few rows holding a rare needle without reading every description (issue 29).
    index("connectors_description_trgm_idx").using("gin", sql`lower(${t.description}) gin_trgm_ops`),
  ],
);

/**
 * PostgreSQL only, beside `connectors.search`: the same vector with the name, in a narrow table of its
 * own, so relevance search reads a match's rank and name from a few small rows rather than a wide
 * connectors row (its document) per match; only the page's connectors are then read. Written with the
 * connector (DrizzleTx createConnector/updateConnector through pg-dialect.ts), in the same transaction.
 */
export const connectorSearch = pgTable(
  "connector_search",
  {
    connectorId: integer("connector_id")
      .primaryKey()
      .references(() => connectors.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    search: tsvector("search").notNull(),
    /**
     * `name lower(upstream name)`: what the official listing's name match (`GET /v0.1/servers?search=`)
     * looks in, with pg_trgm's trigram index, so a rare needle's few candidates are found without walking
     * every name (src/db/postgres/pg-server-list.ts, issue 29). As SQLite's `connectors_substr.names`.
     */
    names: text("names").notNull().default(""),
    /**
     * The vector's name and display name positions alone (weights A and B, as ts_filter keeps them): a
     * query's name-or-title tier (`titles @@ 'vika':*AB`) is found in its own GIN index, where on `search`
     * GIN cannot check weights and rechecked every row holding the word in any field (src/db/postgres/
     * pg-search.ts, issue 29). Computed by PostgreSQL, so it cannot disagree with `search`.
     */
    titles: tsvector("titles").generatedAlwaysAs(sql`ts_filter(search, '{a,b}')`),
    /**
     * The vector's description words (weight D) by their ASCII edges: each word's leading run of ASCII
     * letters and digits, and `~` and its trailing run reversed (`'weather' '~rehtaew'`). A listing needle
     * of ASCII words (`weather forecast`) is held only by descriptions with a word ending in its first word
     * and one starting with its last: two prefix lookups in this GIN index, where the trigram index
     * merged the long posting lists of every trigram of both words (src/db/postgres/pg-description-
     * edges.ts, issue 29). Computed by PostgreSQL (`search_word_edges`, migration 0017) from `search`.
     */
    edges: tsvector("edges").generatedAlwaysAs(sql`search_word_edges(search)`),
  },
  (t) => [
    index("connector_search_idx").using("gin", t.search),
    index("connector_search_titles_idx").using("gin", t.titles),
    index("connector_search_names_trgm_idx").using("gin", sql`${t.names} gin_trgm_ops`),
    index("connector_search_edges_idx").using("gin", t.edges),
  ],
);

/** Category membership, for the filter and the counts. */
export const connectorCategories = pgTable(
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
export const versions = pgTable(
  "versions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    version: text("version").notNull(),
    publishedAt: text("published_at").notNull(),
    yanked: boolean("yanked").notNull().default(false),
    deprecated: text("deprecated"),
    integrity: text("integrity").notNull(),
    sha256: text("sha256").notNull(),
    size: integer("size").notNull(),
    blobKey: text("blob_key").notNull(),
    content: text("content").notNull(),
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
    /** JSON BuildProvenance of a trusted publish (see the SQLite schema); null otherwise. */
    buildProvenance: text("build_provenance"),
    /**
     * The server.json an imported version came from, verbatim (its JSON text as received, after validation
     * against the vendored official schema), or null: served as the version's `server` by /v0.1.
     */
    serverJson: text("server_json"),
    /** JSON ToolSnapshot recorded by running the version; null before or without one. */
    toolSnapshot: text("tool_snapshot"),
    /** The canonical JSON of the statement the registry signed (src/core/signing/statement.ts); null: not yet signed. */
    statement: text("statement"),
    /** JSON array of the registry's signatures of `statement` ({ keyid, sig }). */
    signatures: text("signatures"),
    /** The statement's leaf index in the transparency log (tlog_leaves.idx). */
    logIndex: integer("log_index"),
    downloads: bigint("downloads", { mode: "number" }).notNull().default(0),
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
export const distTags = pgTable(
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
export const meta = pgTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * PostgreSQL only: one row (id 1) whose `n` moves once per committed transaction that changed what reads
 * show (publishers, connectors, their search rows and categories, versions, dist-tags, meta, reports),
 * bumped at commit by deferred triggers (migration 0012_change_counter). The result caches are kept while
 * it stays the same (src/db/result-cache.ts): unlike pg_current_snapshot(), writes to other databases of
 * the server, and this database's rate limits, leases and logs, leave it alone. `xact` is the last
 * bumping transaction (txid_current()), so a transaction of many rows bumps it once.
 */
export const changeCounter = pgTable("change_counter", {
  id: integer("id").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
  xact: bigint("xact", { mode: "number" }),
});

/** One row per counted download (see the SQLite schema). */
export const downloadMarks = pgTable(
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
export const downloadDays = pgTable(
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
export const reports = pgTable(
  "reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
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

/** One live check of a connector (see the SQLite schema). */
export const connectorChecks = pgTable(
  "connector_checks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id),
    version: text("version"),
    checkedAt: text("checked_at").notNull(),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    latencyMs: integer("latency_ms"),
    protocolVersion: text("protocol_version"),
    toolCount: integer("tool_count"),
    error: text("error"),
  },
  (t) => [index("connector_checks_connector_idx").on(t.connectorId, t.checkedAt)],
);

/** Events counted by a rate limit (see the SQLite schema). */
export const rateEvents = pgTable(
  "rate_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    key: text("key").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_events_key_at_idx").on(t.key, t.at), index("rate_events_at_idx").on(t.at)],
);

/** Leases on background work (see the SQLite schema). */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: text("expires_at").notNull(),
});

/** Trusted publishers (see the SQLite schema for the why). */
export const trustedPublishers = pgTable(
  "trusted_publishers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    connector: text("connector").notNull(),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    issuer: text("issuer").notNull(),
    repository: text("repository").notNull(),
    repositoryOwnerId: text("repository_owner_id"),
    workflow: text("workflow").notNull(),
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

/** CI token ids seen until they expire (replay refusal). */
export const oidcJtis = pgTable(
  "oidc_jtis",
  {
    issuer: text("issuer").notNull(),
    jti: text("jti").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.jti] }), index("oidc_jtis_expires_idx").on(t.expiresAt)],
);

/** Publish tokens from a CI token exchange (one connector, 15 minutes); only the hash is stored. */
export const oidcTokens = pgTable(
  "oidc_tokens",
  {
    hash: text("hash").primaryKey(),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => publishers.id),
    connector: text("connector").notNull(),
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
export const signingKeys = pgTable("signing_keys", {
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
export const tlogLeaves = pgTable(
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
export const tlogNodes = pgTable(
  "tlog_nodes",
  {
    level: integer("level").notNull(),
    idx: integer("idx").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx] })],
);

/** Every signed checkpoint the registry published (C2SP tlog-checkpoint notes), by tree size. */
export const tlogCheckpoints = pgTable(
  "tlog_checkpoints",
  {
    size: integer("size").notNull(),
    root: text("root").notNull(),
    note: text("note").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.size] })],
);
