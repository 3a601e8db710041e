import type { CheckResult } from "./evidence.js";

// The quality score as every side shows it (docs/quality.md): a number with the checklist it came from,
// never a bare number. Built by score.ts, stored in the connector document, read by the web and the CLI.

/** The four groups of the checklist, in the order they are shown. */
export const QUALITY_GROUPS = ["package", "stability", "activity", "community"] as const;
export type QualityGroup = (typeof QUALITY_GROUPS)[number];

/** One line of the checklist. */
export interface QualityItem {
  /** Stable id, `<group>.<name>` (`package.readme`, `stability.up`, …), documented in docs/quality.md. */
  id: string;
  group: QualityGroup;
  pass: boolean;
  /** The points this item earned (its `max` when it passes, 0 when not). */
  points: number;
  max: number;
  /** Why it passed or did not, in a reader's words (what was found). */
  reason: string;
  /** What raises it, when it did not pass. */
  fix?: string;
  /**
   * False when the item does not apply (no live check has run yet; no server, for a skills-only
   * connector): it earns nothing and its points leave the total the score is a share of.
   */
  applies?: false;
  /**
   * The reason and fix as keys of the quality tables with their values (src/core/quality/words-en.ts),
   * so a reader's language can show them; `reason` and `fix` are their English.
   */
  localized?: { reason: QualityPhrase; fix?: QualityPhrase };
}

/** A phrase of the quality tables: its key and the values of its placeholders. */
export interface QualityPhrase {
  key: string;
  /** A list of phrases is said one by one and joined (the parts of a live check's outcome). */
  params?: Record<string, string | number | Array<{ key: string; params?: Record<string, string | number> }>>;
}

/** `quality` of the connector document (GET /v1/connectors/:name). */
export interface QualityDocument {
  /** 0..100: the points of the items that passed, as a share of the points of the items that apply. */
  score: number;
  /** The version of the formula (docs/quality.md); bumped when the items or their points change. */
  formula: number;
  /** When the score was computed (RFC 3339); a recompute that changes nothing keeps the earlier time. */
  computedAt: string;
  /** The version the package and stability items are about (the version people get); null: none. */
  version: string | null;
  items: QualityItem[];
  /** The latest live check of the version's servers, when there has been one (the document's `checks.latest`). */
  check?: CheckResult;
}
