import type { QualityGroup, QualityItem, QualityPhrase } from "./types.js";
import { sayPhrase } from "./words.js";

/** The English of a phrase (every key an item is built with is in the tables). */
const english = (p: QualityPhrase) => sayPhrase(p, "en") ?? p.key;

/** One checklist line from its id (`<group>.<name>`), points, outcome and the words for each outcome. */
export function item(
  id: string,
  max: number,
  pass: boolean,
  words: { pass: QualityPhrase; fail: QualityPhrase; fix: QualityPhrase },
): QualityItem {
  const group = id.slice(0, id.indexOf(".")) as QualityGroup;
  return pass
    ? { id, group, pass, points: max, max, reason: english(words.pass), localized: { reason: words.pass } }
    : {
        id,
        group,
        pass,
        points: 0,
        max,
        reason: english(words.fail),
        fix: english(words.fix),
        localized: { reason: words.fail, fix: words.fix },
      };
}

/**
 * A checklist line that does not apply to this connector (no live check has run yet; a skills-only
 * connector has no server to check or tools to report): shown with its reason, left out of the score.
 */
export function notApplicable(id: string, max: number, reason: QualityPhrase): QualityItem {
  const group = id.slice(0, id.indexOf(".")) as QualityGroup;
  return {
    id,
    group,
    pass: false,
    points: 0,
    max,
    reason: english(reason),
    applies: false,
    localized: { reason },
  };
}
