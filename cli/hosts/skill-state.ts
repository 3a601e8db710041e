import type { OwnedSkill } from "../../src/core/hosts/skill-plan.js";
import { homePaths } from "../home/home.js";
import { describe, objectOf, readJsonFile, updateJsonFile, type ShapeCheck } from "../home/json-file.js";
import { isObject } from "../../src/core/json-guards.js";

/** One skill folder Connectory wrote, as skills.json records it. */
export type SkillRecord = OwnedSkill & { writtenAt: string };

/** $CONNECTORY_HOME/skills.json: per skills folder, the hosts exported there and the skills Connectory wrote. */
export interface SkillStateFile {
  version: 1;
  folders: Record<string, { hosts: string[]; skills: Record<string, SkillRecord> }>;
}

const EMPTY: SkillStateFile = { version: 1, folders: {} };

const folders = objectOf("an object of skills folders", (f) => {
  if (!isObject(f)) return `is ${describe(f)}, not a skills folder record`;
  if (!Array.isArray(f.hosts) || !f.hosts.every((h) => typeof h === "string")) return 'has no "hosts" list';
  return objectOf("an object of skills", (s) =>
    isObject(s) &&
    typeof s.sha256 === "string" &&
    typeof s.connector === "string" &&
    typeof s.skill === "string"
      ? undefined
      : 'needs "sha256", "connector" and "skill" texts',
  )(f.skills);
});

/** skills.json's shape: a damaged record must not make an export delete (or adopt) the wrong folders. */
export const checkSkillState: ShapeCheck = (file) => {
  if (!isObject(file)) return `expected { "version": 1, "folders": { … } }, found ${describe(file)}`;
  const problem = file.folders === undefined ? undefined : folders(file.folders);
  return problem === undefined ? undefined : `"folders": ${problem}`;
};

/** Every skills folder Connectory exported to. */
export async function readSkillState(home: string): Promise<SkillStateFile> {
  const state = await readJsonFile<SkillStateFile>(homePaths(home).skillState, EMPTY, checkSkillState);
  return { version: 1, folders: state.folders ?? {} };
}

/** Replaces the record of one skills folder (locked, atomic); `host` joins the hosts exported there. */
export async function writeSkillState(
  home: string,
  dir: string,
  host: string | undefined,
  owned: Record<string, OwnedSkill>,
  now: Date,
): Promise<void> {
  await updateJsonFile<SkillStateFile>(
    homePaths(home).skillState,
    EMPTY,
    (state) => {
      const all = { ...(state.folders ?? {}) };
      const previous = all[dir];
      const skills = Object.fromEntries(
        Object.entries(owned).map(([folder, o]) => {
          const old = previous?.skills[folder];
          const kept = old?.sha256 === o.sha256 ? old.writtenAt : undefined;
          return [folder, { ...o, writtenAt: kept ?? now.toISOString() }];
        }),
      );
      const hosts = [...new Set([...(previous?.hosts ?? []), ...(host ? [host] : [])])].sort();
      if (Object.keys(skills).length === 0) delete all[dir];
      else all[dir] = { hosts, skills };
      return { version: 1, folders: all };
    },
    { check: checkSkillState },
  );
}
