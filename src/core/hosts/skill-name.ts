import { checkSkill, isSkillName } from "../package/skills.js";
import type { Problem } from "../types.js";

// Front matter: a first line `---`, YAML, then a line `---` (or `...`), as src/core/package/skills.ts reads it.
const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const NAME_LINE = /^name[ \t]*:.*$/m;

/** Why a skill cannot be exported under `name`, or undefined. */
export function exportNameProblem(name: string): string | undefined {
  if (isSkillName(name)) return undefined;
  return name.length > 64
    ? `its exported name "${name}" is longer than the 64 characters hosts accept`
    : `its exported name "${name}" breaks the Agent Skills name rule (a-z, 0-9, single hyphens)`;
}

/**
 * SKILL.md with its front matter `name` set to `name` (hosts require it to equal the folder), then
 * checked exactly as `validate` checks a package's skill: the result is what a host accepts, or the
 * problems that keep it out of the export.
 */
export function renameSkill(
  text: string,
  name: string,
): { text: string; problems?: undefined } | { text?: undefined; problems: Problem[] } {
  const match = FRONT_MATTER.exec(text);
  const front = match?.[1];
  let out = text;
  if (match && front !== undefined && NAME_LINE.test(front)) {
    const start = match[0].indexOf(front);
    out = text.slice(0, start) + front.replace(NAME_LINE, `name: ${name}`) + text.slice(start + front.length);
  }
  const path = `${name}/SKILL.md`;
  const checked = checkSkill(name, path, new TextEncoder().encode(out));
  const errors = checked.problems.filter((p) => p.severity === "error");
  return errors.length > 0 || !checked.skill ? { problems: errors } : { text: out };
}
