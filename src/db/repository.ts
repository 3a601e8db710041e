import type { Prepared } from "../core/api/prepared.js";
import type { CheckResult, StabilityEvidence } from "../core/quality/evidence.js";
import type { Category } from "../core/types.js";
import type { DownloadMark, ReportRow } from "./connector-rows.js";
import type { CheckClaim, ClaimRequest } from "./check-rows.js";
import type { Coordination } from "./coordination-rows.js";
import type { ConnectorSummary, SearchQuery, ServerListQuery, ServerListRow } from "./listing-queries.js";
import type {
  DomainChallenge,
  DomainProofRow,
  NewToken,
  PublisherRecord,
  PublisherRow,
  TokenOwner,
  TokenRow,
} from "./publisher-rows.js";
import type { RegistryTx } from "./registry-tx.js";
import type { KeyReader, LogReader } from "./signing-store.js";
import type { TrustedPublishingStore } from "./trusted-publishing.js";

// The registry's data layer, dialect-free: SQLite and PostgreSQL implement it (src/db/sqlite, src/db/postgres,
// their shared part in src/db/drizzle). The services in src/registry use nothing else, so every rule
// (ownership, latest, documents) is written once. Its rows and queries are typed by concern beside it
// (publisher-rows.ts, connector-rows.ts, listing-queries.ts, check-rows.ts, coordination-rows.ts); the
// write side is registry-tx.ts.

/** The registry's whole data layer. */
export interface RegistryRepository extends Coordination {
  /** The transparency log and its checkpoints, read side. */
  readonly log: LogReader;
  /** The registry's public signing keys, read side. */
  readonly keys: KeyReader;
  /**
   * Runs `fn` in one write transaction; writes are serialized. Work `fn` does outside the database
   * (a blob put) happens while the transaction is open, so it can be undone before anything commits.
   */
  transaction<T>(fn: (tx: RegistryTx) => Promise<T>): Promise<T>;

  connectorDocument(name: string): Promise<(Prepared & { downloads: number }) | undefined>;
  /**
   * A number that changes whenever another connection (this process's writer, or another process) has
   * committed since it was last asked: SQLite's `PRAGMA data_version` on the read connection. Readers
   * may keep what they read while it stays the same (the fast path of GET /v1/connectors/:name). Absent
   * where the database cannot say it cheaply (PostgreSQL): nothing is kept there.
   */
  changeCounter?(): number;
  /**
   * What the operator should know about the database's setup, logged once at start (PostgreSQL: a
   * shared_buffers too small for the database, pg-buffer-advice.ts); undefined when all is well.
   */
  startupAdvice?(): Promise<string | undefined>;
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
  /**
   * `compute()`'s value, kept under `key` while the database stays the same (src/db/result-cache.ts, the
   * rule of search results): a whole `/v0.1/servers` page, serialized, is answered again without a read.
   */
  whileUnchanged<T extends object>(key: string, compute: () => Promise<T>): Promise<T>;
  categories(): Promise<Array<{ category: Category; count: number }>>;
  /** Reports, newest first: only those of `status` when given; keyset `before` an id. */
  listReports(query: { status?: string; limit: number; before?: number }): Promise<ReportRow[]>;
  connectorNames(): Promise<string[]>;
  /** The connector whose shown version was imported under this official name (an indexed lookup). */
  connectorOfUpstreamName(upstreamName: string): Promise<string | undefined>;
  getMeta(key: string): Promise<string | undefined>;
  /**
   * One cheap round trip to the database (GET /healthz). Throws ConnectoryError `db.unavailable` (503)
   * when the database cannot answer.
   */
  ping(): Promise<void>;

  /** The publisher of that name; `unclaimed` and the namespace apply only when this call creates it (the importer's). */
  ensurePublisher(
    name: string,
    now: string,
    options?: { unclaimed?: boolean; upstreamNamespace?: string },
  ): Promise<PublisherRow>;
  /** A publisher and its badge, if it exists. */
  findPublisher(name: string): Promise<PublisherRecord | undefined>;
  /** Domain proofs, of one publisher or of one domain (or both), by domain. */
  domainProofs(filter: { publisherId?: number; domain?: string }): Promise<DomainProofRow[]>;
  /** Records a challenge for a publisher's domain unless one is recorded already (then nothing changes). */
  addDomainChallenge(input: DomainChallenge): Promise<void>;
  createToken(input: NewToken): Promise<TokenRow>;
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
  claimChecks(input: ClaimRequest): Promise<CheckClaim[]>;
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

  // ensureMeta, rateCount, rateAdd, ratePrune, acquireLease, releaseLease: Coordination (coordination-rows.ts).
  /** Trusted publishers, CI token ids and exchanged publish tokens (src/registry/oidc/). */
  readonly trustedPublishing: TrustedPublishingStore;

  close(): Promise<void>;
}
