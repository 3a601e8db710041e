import type { PublisherBadge } from "../core/api/documents.js";
import type { Prepared } from "../core/api/prepared.js";
import type {
  ConnectorFields,
  ConnectorState,
  LookAlike,
  ReportRow,
  StoredQualityEvidence,
  VersionRecord,
} from "./connector-rows.js";
import type { DomainVerification } from "./publisher-rows.js";
import type { KeyStore, LogWriter } from "./signing-store.js";

/** What `updateVersion` changes on a stored version (the repository and its transactions take the same). */
export interface VersionPatch {
  yanked: boolean;
  deprecated: string | null;
  /** Absent leaves the stored tools as they are. */
  tools?: string | null;
  /** Absent leaves it as it is. */
  malicious?: string | null;
  /** Absent leaves it as it is. */
  toolSnapshot?: string | null;
  /** A new signed statement (with the tool snapshot's digest) and its log leaf; absent: unchanged. */
  resigned?: { statement: string; signatures: string; logIndex: number };
  document: Prepared;
}

/** A connector `createConnector` claims: its name, owner, creation time and listing fields. */
export interface NewConnector {
  name: string;
  publisherId: number;
  createdAt: string;
  fields: ConnectorFields;
}

/** A new connector with its one version and the version's document: createConnectors' input. */
export interface NewConnectorVersion extends NewConnector {
  version: VersionRecord;
  document: Prepared;
}

/** A report `insertReport` stores against a connector's version (open until resolved). */
export interface NewReport {
  connectorId: number;
  version: string;
  kind: string;
  message: string;
  createdAt: string;
}

/** Writes happen inside one transaction: all of it lands, or none of it. */
export interface RegistryTx {
  /** The transparency log's appends (src/registry/tlog/). */
  readonly log: LogWriter;
  /** The registry's public signing keys. */
  readonly keys: KeyStore;
  loadConnector(name: string): Promise<ConnectorState | undefined>;
  /** Claims a name; throws ConnectoryError `db.conflict` (409) if it was claimed meanwhile. */
  createConnector(input: NewConnector): Promise<number>;
  /**
   * A bulk load (the benchmarks' seed): createConnector and insertVersion for many new names, with a few
   * multi-row statements per 400 connectors instead of several statements each; the same rows.
   */
  createConnectors(entries: readonly NewConnectorVersion[]): Promise<void>;
  /** Throws ConnectoryError `db.conflict` (409) if the version exists. */
  insertVersion(connectorId: number, version: VersionRecord, document: Prepared): Promise<void>;
  updateVersion(connectorId: number, version: string, patch: VersionPatch): Promise<void>;
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
  insertReport(input: NewReport): Promise<number>;
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
  markDomainVerified(input: DomainVerification): Promise<void>;
  /** Changes a publisher's badge columns. */
  updatePublisher(
    publisherId: number,
    patch: { verifiedDomains?: string[]; unclaimed?: boolean },
  ): Promise<void>;
}
