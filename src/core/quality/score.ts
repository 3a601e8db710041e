import { activityItems, communityItems, stabilityItems } from "./evidence-items.js";
import type { QualityInput } from "./input.js";
import { packageItems } from "./package-items.js";
import type { QualityDocument } from "./types.js";

/** The version of the formula of docs/quality.md; bump it with any change of items or points. */
export const QUALITY_FORMULA = 2;

/**
 * The quality of a connector: every item of docs/quality.md, scored from the evidence alone, and the
 * score as the sum of the points earned (the items' maxima sum to 100). Pure: the same input gives the
 * same score for everyone.
 */
export function scoreQuality(input: QualityInput): QualityDocument {
  const items = [
    ...packageItems(input.shown, input.stability?.latest.toolCount),
    ...stabilityItems(input.stability, serverKinds(input)),
    ...activityItems(input),
    ...communityItems(input.community),
  ];
  // A share of what applies: an unchecked connector is not scored as if every check had failed.
  const earned = items.reduce((sum, i) => sum + i.points, 0);
  const applicable = items.reduce((sum, i) => sum + (i.applies === false ? 0 : i.max), 0);
  return {
    score: applicable === 0 ? 0 : Math.round((100 * earned) / applicable),
    formula: QUALITY_FORMULA,
    computedAt: input.now.toISOString(),
    version: input.shown?.version ?? null,
    items,
    ...(input.stability ? { check: input.stability.latest } : {}),
  };
}

/** Whether the shown version has servers at all (a skills-only connector has none). */
function serverKinds(input: QualityInput): { servers: boolean } {
  const servers = input.shown?.content.mcp.mcpServers;
  // No shown version: nothing is known, so the stability items say "not checked yet" as before.
  return { servers: servers === undefined || Object.keys(servers).length > 0 };
}
