import { loadEffectiveConfig } from "../home/effective-config.js";
import { say } from "../terminal/language.js";
import { pruneSkillFolder } from "./skill-files.js";
import { activeConnectors } from "./skill-sources.js";
import { readSkillState } from "./skill-state.js";

/**
 * After `disable` or `uninstall`: removes the exported skills of connectors that are no longer active
 * from every skills folder Connectory wrote to (backed up; a skill edited since stays and is named).
 * Skills are Connectory's own copies, unlike host entries, so this needs no export; a returned line
 * per folder says what happened. Never fails the command it follows.
 */
export async function pruneInactiveSkills(home: string, now: Date): Promise<string[]> {
  try {
    const state = await readSkillState(home);
    const dirs = Object.keys(state.folders);
    if (dirs.length === 0) return [];
    const active = activeConnectors(await loadEffectiveConfig(home));
    const notes: string[] = [];
    for (const dir of dirs) {
      const result = await pruneSkillFolder(home, dir, (c) => active.has(c), now);
      const removed = result.report.filter((r) => r.action === "remove").map((r) => r.folder);
      const edited = result.report.filter((r) => r.action === "user-edited").map((r) => r.folder);
      if (removed.length) notes.push(say("skills.removed", { skills: removed.join(", "), dir }));
      if (edited.length) notes.push(say("skills.left-edited", { skills: edited.join(", "), dir }));
    }
    return notes;
  } catch (error) {
    return [say("skills.not-cleaned", { message: (error as Error).message })];
  }
}
