import type { LocalizedListing, PublisherBadge } from "../core/api/documents.js";
import type { Prepared } from "../core/api/prepared.js";
import type { Category } from "../core/types.js";

// What the data layer stores about connectors, their versions and reports, as the services read and write it
// (RegistryRepository and RegistryTx).

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
  /** JSON of the build provenance of a trusted publish (BuildProvenance); null or absent otherwise. */
  buildProvenance?: string | null;
  /** The verbatim server.json an imported version came from (its JSON text); null or absent: none. */
  serverJson?: string | null;
  /** JSON of the tool snapshot the registry recorded (ToolSnapshot); null or absent before one. */
  toolSnapshot?: string | null;
  /** The canonical JSON of the signed statement (src/core/signing/statement.ts); null or absent: unsigned. */
  statement?: string | null;
  /** JSON array of its signatures ({ keyid, sig }). */
  signatures?: string | null;
  /** Its leaf index in the transparency log. */
  logIndex?: number | null;
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
  /** Translations of displayName and description (plugin.json `i18n`); null: none. */
  i18n: LocalizedListing | null;
  /** What search matches beyond the English fields (src/core/api/search-extra.ts). */
  searchExtra: string;
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
  /** The official name the shown version was imported under from a server.json; null: none. */
  upstreamName: string | null;
  /** The document's `repository`, for listings; null: none. */
  repository: string | null;
  /** The document's outline for listings (storedOutline, src/core/official/connector-outline.ts). */
  outline: string;
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
