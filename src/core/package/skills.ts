import { parseDocument } from "yaml";
import type { PackageFiles, Problem, Skill } from "../types.js";
import { decodeText } from "./json-file.js";
import { error, warning } from "./problems.js";

const SKILL_NAME = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;
/** The Agent Skills spec's description limit: hosts refuse (or cut) a longer one. */
export const MAX_SKILL_DESCRIPTION = 1024;

/**
 * The Agent Skills spec's name rule: 1–64 of `a-z 0-9 -`, no leading, trailing or double hyphen.
 * Hosts load a skill by its folder, and that folder must carry exactly this name.
 */
export function isSkillName(name: string): boolean {
  return SKILL_NAME.test(name) && !name.includes("--");
}
// Front matter: a first line `---`, YAML, then a line `---` (or `...`). CRLF files are common on Windows.
const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Find and check every skill: `skills/<name>/SKILL.md` with YAML front matter `name` (= folder) and `description`. */
export function validateSkills(files: PackageFiles): { skills: Skill[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const skills: Skill[] = [];
  const folders = new Set<string>();
  for (const path of files.keys()) {
    if (!path.startsWith("skills/")) continue;
    const parts = path.split("/");
    if (parts.length === 2) {
      problems.push(
        warning(
          "skill.path.invalid",
          path,
          "",
          `${path} is not inside a skill folder: skills live in skills/<skill>/SKILL.md`,
        ),
      );
    } else if (parts[1]) folders.add(parts[1]);
  }
  for (const folder of [...folders].sort()) {
    const path = `skills/${folder}/SKILL.md`;
    const bytes = files.get(path);
    if (bytes === undefined) {
      problems.push(
        error(
          "skill.file.missing",
          path,
          "",
          `skills/${folder}/ has no SKILL.md: add one, or remove the folder`,
        ),
      );
      continue;
    }
    const found = checkSkill(folder, path, bytes);
    problems.push(...found.problems);
    if (found.skill) skills.push(found.skill);
  }
  return { skills, problems };
}

/** Checks one SKILL.md as it would sit in `<folder>/SKILL.md`: what an export verifies before writing a skill. */
export function checkSkill(
  folder: string,
  path: string,
  bytes: Uint8Array,
): { skill?: Skill; problems: Problem[] } {
  const problems: Problem[] = [];
  // A problem that ends the check: everything found so far, plus it.
  const stop = (last: Problem) => ({ problems: [...problems, last] });
  if (!isSkillName(folder)) {
    problems.push(
      error(
        "skill.name.invalid",
        path,
        "",
        `skill folder "${folder}" must be 1–64 lower-case letters, digits and single hyphens, not starting or ending with one`,
      ),
    );
  }
  const text = decodeText(bytes);
  if (text === undefined)
    return stop(error("skill.encoding.invalid", path, "", `${path} is not valid UTF-8`));
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    const hint = `start ${path} with front matter:\n---\nname: ${folder}\ndescription: what the skill does and when to use it\n---`;
    return stop(error("skill.front-matter.missing", path, "", `${path} has no YAML front matter: ${hint}`));
  }
  const doc = parseDocument(match[1] ?? "", { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    const line = (first.linePos?.[0]?.line ?? 0) + 1; // +1: the opening `---`
    return stop(
      error(
        "skill.front-matter.invalid",
        path,
        "",
        `the front matter of ${path} is not valid YAML (line ${line}): ${first.message.split("\n")[0]}`,
      ),
    );
  }
  let data: unknown;
  try {
    data = doc.toJS(); // yaml caps alias expansion (billion laughs) by throwing
  } catch (e) {
    return stop(
      error(
        "skill.front-matter.invalid",
        path,
        "",
        `the front matter of ${path} cannot be read: ${(e as Error).message}`,
      ),
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return stop(
      error(
        "skill.front-matter.invalid",
        path,
        "",
        `the front matter of ${path} must be a YAML mapping with name and description`,
      ),
    );
  }
  const { name, description } = data as Record<string, unknown>;
  if (name === undefined) {
    problems.push(error("skill.name.missing", path, "/name", `${path} front matter needs name: ${folder}`));
  } else if (name !== folder) {
    problems.push(
      error(
        "skill.name.mismatch",
        path,
        "/name",
        `skill name ${JSON.stringify(name)} must equal its folder name "${folder}"`,
      ),
    );
  }
  if (typeof description !== "string" || description.trim() === "") {
    problems.push(
      error(
        "skill.description.missing",
        path,
        "/description",
        `${path} front matter needs a description: what the skill does and when to use it`,
      ),
    );
  } else if (description.length > MAX_SKILL_DESCRIPTION) {
    problems.push(
      error(
        "skill.description.too-long",
        path,
        "/description",
        `the description of skill "${folder}" is ${description.length} characters; at most ${MAX_SKILL_DESCRIPTION}`,
      ),
    );
  }
  if (problems.some((p) => p.severity === "error")) return { problems };
  const body = text.slice(match[0].length);
  return { skill: { name: folder, description: description as string, path, body }, problems };
}
