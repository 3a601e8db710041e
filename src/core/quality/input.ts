import type { VersionContent } from "../api/documents.js";
import type { CommunityEvidence, StabilityEvidence } from "./evidence.js";

/** Everything one score is computed from; the registry gathers it (src/registry/quality.ts). */
export interface QualityInput {
  now: Date;
  /** The version people get (latest, else the highest not yanked); absent when there is none. */
  shown?: ShownVersion;
  /** Every published version: activity looks at the releases that were not yanked. */
  releases: Array<{ version: string; publishedAt: string; yanked: boolean }>;
  /** What the live checker last stored; absent: never checked. */
  stability?: StabilityEvidence;
  community: CommunityEvidence;
}

/** What the package items look at, of one version. */
export interface ShownVersion {
  version: string;
  content: VersionContent;
  deprecated: string | null;
  /** How many tools the publisher reported; undefined when no report was sent. */
  toolCount?: number;
  /** Codes of the validation warnings at publish; undefined for versions published before they were kept. */
  warnings?: string[];
}
