import type { QualityGroup, QualityItem } from "./types.js";

/** One checklist line from its id (`<group>.<name>`), points, outcome and the words for each outcome. */
export function item(
  id: string,
  max: number,
  pass: boolean,
  words: { pass: string; fail: string; fix: string },
): QualityItem {
  const group = id.slice(0, id.indexOf(".")) as QualityGroup;
  return pass
    ? { id, group, pass, points: max, max, reason: words.pass }
    : { id, group, pass, points: 0, max, reason: words.fail, fix: words.fix };
}
