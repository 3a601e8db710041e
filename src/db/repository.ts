import type { ConnectorListItem, PublisherBadge } from "../core/api/documents.js";
import type { ProofMethod } from "../core/publishers/domain.js";
import type { SortKey } from "../core/api/search.js";
import type { CheckResult, StabilityEvidence } from "../core/quality/evidence.js";
import type { Category, RemoteTransport } from "../core/types.js";

// The registry's data layer, dialect-free: SQLite and PostgreSQL implement it. The
// services in src/registry use nothing else, so every rule (ownership, latest, documents) is written once.

/** A prepared JSON document: the exact bytes to serve and their ETag. */
export interface Prepared {
  body: string;
  etag: string;
}

export interface PublisherRow {
  id: number;
  name: string;
  createdAt: string;
}

/** A publisher with what its badge says (docs/publishers.md). */
export interface PublisherRecord extends PublisherRow {
  /** The domains it proved, in the order proven. */
  verifiedDomains: string[];
  /** Created by the importer from another registry's namespace and not yet claimed. */
  unclaimed: boolean;
}

/** One domain a publisher asked to prove: its challenge, and how and when it was proven. */
export interface DomainProofRow {
  publisherId: number;
  publisher: string;
  domain: string;
  challenge: string;
  requestedAt: string;
  method: ProofMethod | null;
  verifiedAt: string | null;
}

export interface TokenRow {
  id: number;
  publisher: string;
  /** The first characters of the token (`cty_AbCd1234`), enough to recognise it; never the secret. */
  prefix: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** The publisher a valid (unrevoked) token acts for. */
export interface TokenOwner {
  tokenId: number;
  publisherId: number;
  publisher: string;
}

/** One stored version, as the services need it to rebuild documents. */
export interface VersionRecord {
  version: string;
  publishedAt: string;
  yanked: boolean;
  deprecated: string | null;
  integrity: string;
  sha256: string;
  size: number;
  blobKey: string;
  /** JSON of what the package declares (see src/registry/documents.ts). */
  content: string;
  /** JSON of the tools the publisher reported (src/registry/tools.ts); null or absent when none were. */
  tools?: string | null;
  /** The README as sanitized HTML ("" when there is none); null or absent until it is rendered. */
  readmeHtml?: string | null;
  /** JSON array of the validation warnings' codes at publish; null or absent for older rows. */
  warnings?: string | null;
  /** When a report that it is malicious was confirmed (it stays yanked); null or absent: never. */
  malicious?: string | null;
  /** JSON of the import provenance (ImportProvenance); null or absent for an uploaded version. */
  provenance?: string | null;
}

/** A connector with everything needed to recompute its documents. */
export interface ConnectorState {
  id: number;
  name: string;
  publisherId: number;
  publisher: string;
  createdAt: string;
  updatedAt: string;
  versions: VersionRecord[];
  /** Explicitly set dist-tags only. */
  tags: Record<string, string>;
  /** The publisher's badge (loadConnector fills it; absent means unverified and claimed). */
  publisherBadge?: PublisherBadge;
}

/** The listing fields and prepared document of a connector, written after every change. */
export interface ConnectorFields {
  displayName: string | null;
  description: string;
  keywords: string[];
  categories: Category[];
  version: string | null;
  latest: string | null;
  updatedAt: string;
  document: Prepared;
  /** Look-alike keys (src/core/names/skeleton.ts) of the name and of the display name (null: none). */
  nameSkeleton: string;
  displaySkeleton: string | null;
  /** The document's quality score (0..100), stored in its own column for sort=quality. */
  qualityScore: number;
  /** JSON of the shown version's checkable remote servers (CheckTarget[]); null: none. Absent: unchanged. */
  checkTargets?: string | null;
}

/** A connector of another publisher whose name or display name looks like the one being published. */
export interface LookAlike {
  name: string;
  displayName: string | null;
  publisher: string;
  nameSkeleton: string | null;
  displaySkeleton: string | null;
}

/** One client's download of one version on one UTC day (src/registry/download-mark.ts). */
export interface DownloadMark {
  /** A hash of client address, connector, version and day: nothing that identifies the client is stored. */
  key: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface SearchQuery {
  /** Words to match (already split; each matched as a prefix); empty = no text filter. */
  terms: string[];
  category?: Category;
  /** Only this publisher's connectors (a valid publisher name); indexed by (publisher, name). */
  publisher?: string;
  /** Relevance only with terms: effectiveSort (src/core/api/search.ts) decides, and the databases call it too. */
  sort: SortKey;
  limit: number;
  /** Keyset position: the sort value and name of the last item of the previous page. */
  after?: { key: number | string; name: string };
}

/** A listing row: the API's list item plus its sort value. */
export interface ConnectorSummary extends ConnectorListItem {
  /** The sort value of this item (the keyset cursor carries it). */
  key: number | string;
}

/** The stored evidence of a connector's quality score (src/registry/quality.ts gathers the rest). */
export interface StoredQualityEvidence {
  /** Unique downloads (download_days) on days ≥ `weekStart`, and on days in [previousWeekStart, weekStart). */
  weeklyDownloads: number;
  previousWeeklyDownloads: number;
  /** Reports with status `open`. */
  openReports: number;
  /**
   * `check_summary`: the StabilityEvidence JSON recordCheck stored (or renewCheckSummary renewed); null:
   * never checked. The score reads it, and the document carries it as `checks`, in the same write.
   */
  checks: string | null;
}

/** A report of a connector version (src/registry/reports.ts). */
export interface ReportRow {
  id: number;
  name: string;
  version: string;
  kind: string;
  message: string;
  /** open | malicious | dismissed */
  status: string;
  createdAt: string;
  resolvedAt: string | null;
}

/** The connectors behind a page of the official registry API (GET /v0.1/servers), in page order. */
export interface ServerListQuery {
  /** The lower-cased search text; a connector matches when `prefix + name` contains it, or by `terms`. */
  needle?: string;
  /** Prepended to the connector name for the substring match (`<namespace>/`, lower-cased). */
  prefix: string;
  /** Words for the full-text index, split as GET /v1/connectors splits them; empty = name match only. */
  terms: string[];
  /** Only connectors changed after this instant (ISO-8601 UTC, as stored). */
  updatedSince?: string;
  /** Keyset: start at this group and name, inclusive (the cursor may resume inside a connector). */
  from?: { group: number; name: string };
  limit: number;
}

/** A connector of a server listing: group 0 matched by name, 1 by the full-text index only. */
export interface ServerListRow {
  name: string;
  group: number;
  /** The prepared connector document (without downloads), its ETag, and the live download count. */
  document: string;
  etag: string;
  downloads: number;
}

/** A remote server the live checker connects to (src/registry/checks/). */
export interface CheckTarget {
  url: string;
  transport: RemoteTransport;
}

/** A connector a check pass has claimed: its lease keeps other passes off it until it is recorded. */
export interface CheckClaim {
  name: string;
  /** The version shown (whose servers are checked); null when every version is yanked. */
  version: string | null;
  targets: CheckTarget[];
}

/** Writes happen inside one transaction: all of it lands, or none of it. */
export interface RegistryTx {
  loadConnector(name: string): Promise<ConnectorState | undefined>;
  /** Claims a name; throws ConnectoryError `db.conflict` (409) if it was claimed meanwhile. */
  createConnector(input: {
    name: string;
    publisherId: number;
    createdAt: string;
    fields: ConnectorFields;
  }): Promise<number>;
  /** Throws ConnectoryError `db.conflict` (409) if the version exists. */
  insertVersion(connectorId: number, version: VersionRecord, document: Prepared): Promise<void>;
  updateVersion(
    connectorId: number,
    version: string,
    /** `tools` absent leaves the stored tools as they are. */
    patch: {
      yanked: boolean;
      deprecated: string | null;
      tools?: string | null;
      /** Absent leaves it as it is. */
      malicious?: string | null;
      document: Prepared;
    },
  ): Promise<void>;
  /** Replaces the explicit dist-tags. */
  setTags(connectorId: number, tags: Record<string, string>): Promise<void>;
  updateConnector(connectorId: number, fields: ConnectorFields): Promise<void>;
  /**
   * Connectors of publishers other than `publisherId` whose name or display-name skeleton is one of
   * `skeletons` (both columns are indexed): the look-alike check of a publish, inside its transaction.
   */
  findLookAlikes(skeletons: string[], publisherId: number): Promise<LookAlike[]>;
  setMeta(key: string, value: string): Promise<void>;
  /** What the quality score needs from the database: downloads by week, open reports, the check summary. */
  qualityEvidence(
    connectorId: number,
    days: { weekStart: string; previousWeekStart: string },
  ): Promise<StoredQualityEvidence>;
  /**
   * Replaces a connector's check summary by `summary` (StabilityEvidence JSON recomputed from its checks
   * at a later time: the uptime windows moved), only while the stored one is about the same latest check
   * (`latestCheckedAt`): a check recorded meanwhile has a newer summary, which stays. True when replaced.
   */
  renewCheckSummary(connectorId: number, summary: string, latestCheckedAt: string): Promise<boolean>;
  insertReport(input: {
    connectorId: number;
    version: string;
    kind: string;
    message: string;
    createdAt: string;
  }): Promise<number>;
  loadReport(id: number): Promise<ReportRow | undefined>;
  /** Sets a report's status and resolution time. */
  resolveReport(id: number, status: string, resolvedAt: string): Promise<void>;
  /** The badge of a publisher (a first publish builds its documents with it). */
  publisherBadge(publisherId: number): Promise<PublisherBadge>;
  /** The names of a publisher's connectors, in name order (their documents carry its badge). */
  publisherConnectorNames(publisherId: number): Promise<string[]>;
  /**
   * Marks a requested domain proven. Throws ConnectoryError `db.conflict` (409) when another publisher
   * holds the domain verified (one verified owner per domain).
   */
  markDomainVerified(input: {
    publisherId: number;
    domain: string;
    method: ProofMethod;
    verifiedAt: string;
  }): Promise<void>;
  /** Changes a publisher's badge columns. */
  updatePublisher(
    publisherId: number,
    patch: { verifiedDomains?: string[]; unclaimed?: boolean },
  ): Promise<void>;
}

/** The registry's whole data layer. */
export interface RegistryRepository {
  /**
   * Runs `fn` in one write transaction; writes are serialized. Work `fn` does outside the database
   * (a blob put) happens while the transaction is open, so it can be undone before anything commits.
   */
  transaction<T>(fn: (tx: RegistryTx) => Promise<T>): Promise<T>;

  connectorDocument(name: string): Promise<(Prepared & { downloads: number }) | undefined>;
  versionDocument(name: string, version: string): Promise<Prepared | undefined>;
  /**
   * Several version documents in one read (a listing page's), keyed `name@version`; the missing are absent.
   * On PostgreSQL one round trip instead of one per entry.
   */
  versionDocuments(wanted: Array<{ name: string; version: string }>): Promise<Map<string, Prepared>>;
  /** The version a tag points at (`latest` included), if any. */
  resolveTag(name: string, tag: string): Promise<string | undefined>;
  tarball(
    name: string,
    version: string,
  ): Promise<{ blobKey: string; size: number; integrity: string; sha256: string } | undefined>;
  /**
   * Counts one download of an existing version; false if there is none. Exact under concurrency. With a
   * `mark`, only the first download under that mark counts (false for the repeats); the mark is stored.
   */
  countDownload(name: string, version: string, mark?: DownloadMark): Promise<boolean>;
  /** Forgets the download marks of days before `day` (they can no longer repeat). */
  pruneDownloadMarks(day: string): Promise<void>;
  /** The stored README HTML of a version: undefined when there is no such version, null before rendering. */
  readmeHtml(name: string, version: string): Promise<string | null | undefined>;
  /** Stores a version's rendered README (for rows published before READMEs were rendered at publish). */
  storeReadmeHtml(name: string, version: string, html: string): Promise<void>;
  search(query: SearchQuery): Promise<ConnectorSummary[]>;
  /** Connectors for the official registry API's listing: name matches first, then by name (keyset). */
  listServers(query: ServerListQuery): Promise<ServerListRow[]>;
  categories(): Promise<Array<{ category: Category; count: number }>>;
  /** Reports, newest first: only those of `status` when given; keyset `before` an id. */
  listReports(query: { status?: string; limit: number; before?: number }): Promise<ReportRow[]>;
  connectorNames(): Promise<string[]>;
  getMeta(key: string): Promise<string | undefined>;
  /**
   * One cheap round trip to the database (GET /healthz). Throws ConnectoryError `db.unavailable` (503)
   * when the database cannot answer.
   */
  ping(): Promise<void>;

  /** The publisher of that name; `unclaimed` applies only when this call creates it (the importer's). */
  ensurePublisher(name: string, now: string, options?: { unclaimed?: boolean }): Promise<PublisherRow>;
  /** A publisher and its badge, if it exists. */
  findPublisher(name: string): Promise<PublisherRecord | undefined>;
  /** Domain proofs, of one publisher or of one domain (or both), by domain. */
  domainProofs(filter: { publisherId?: number; domain?: string }): Promise<DomainProofRow[]>;
  /** Records a challenge for a publisher's domain unless one is recorded already (then nothing changes). */
  addDomainChallenge(input: {
    publisherId: number;
    domain: string;
    challenge: string;
    requestedAt: string;
  }): Promise<void>;
  createToken(input: {
    publisherId: number;
    hash: string;
    prefix: string;
    label: string | null;
    createdAt: string;
  }): Promise<TokenRow>;
  findToken(hash: string): Promise<TokenOwner | undefined>;
  listTokens(): Promise<TokenRow[]>;
  /** Revokes tokens by id or by prefix; returns those it revoked. */
  revokeTokens(idOrPrefix: string, now: string): Promise<TokenRow[]>;

  /**
   * Claims up to `limit` connectors with remote servers that were not checked since `dueBefore` and hold
   * no unexpired lease, least recently checked first, leasing each until `leaseUntil`. Safe from several
   * processes at once: a row is claimed by one pass only (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite:
   * one UPDATE under the write lock).
   */
  claimChecks(input: {
    now: string;
    dueBefore: string;
    leaseUntil: string;
    limit: number;
  }): Promise<CheckClaim[]>;
  /**
   * Stores one check of a connector (a remote pass or a bundled check at publish), refreshes its stability
   * summary (`check_summary`, as of the check), releases its claim and forgets checks older than 30 days.
   * Returns the new evidence; undefined when the connector does not exist. The document and score show
   * it once refreshQuality rewrites them (the checker calls it right after).
   */
  recordCheck(
    name: string,
    version: string | null,
    result: CheckResult,
  ): Promise<StabilityEvidence | undefined>;
  /** A connector's live-check evidence as of `now` (uptime over 7 and 30 days); undefined: never checked. */
  stabilityEvidence(name: string, now: string): Promise<StabilityEvidence | undefined>;
  /** The same for many connectors in two queries; connectors never checked are absent from the map. */
  stabilityEvidenceMany(names: readonly string[], now: string): Promise<Map<string, StabilityEvidence>>;

  close(): Promise<void>;
}
