import { activityItems, communityItems, stabilityItems } from "./evidence-items.js";
import type { QualityInput } from "./input.js";
import { packageItems } from "./package-items.js";
import type { QualityDocument } from "./types.js";

/** The version of the formula of docs/quality.md; bump it with any change of items or points. */
export const QUALITY_FORMULA = 1;

/**
 * The quality of a connector: every item of docs/quality.md, scored from the evidence alone, and the
 * score as the sum of the points earned (the items' maxima sum to 100). Pure: the same input gives the
 * same score for everyone.
 */
export function scoreQuality(input: QualityInput): QualityDocument {
  const items = [
    ...packageItems(input.shown),
    ...stabilityItems(input.stability),
    ...activityItems(input),
    ...communityItems(input.community),
  ];
  return {
    score: items.reduce((sum, i) => sum + i.points, 0),
    formula: QUALITY_FORMULA,
    computedAt: input.now.toISOString(),
    version: input.shown?.version ?? null,
    items,
    ...(input.stability ? { check: input.stability.latest } : {}),
  };
}
