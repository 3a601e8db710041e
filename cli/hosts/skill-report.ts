import path from "node:path";
import { skillTreeHash } from "../../src/core/hosts/skill-plan.js";
import type { EffectiveConfig } from "../home/effective-config.js";
import { activeConnectors, connectorSkills, readTree } from "./skill-sources.js";
import { readSkillState } from "./skill-state.js";
import { say, type Said } from "../terminal/language.js";

/** One connector's skills and, for each, the skills folders it was exported to (with those folders' hosts). */
export interface SkillOverview {
  connector: string;
  active: boolean;
  skills: Array<{ skill: string; folder: string; exported: Array<{ dir: string; hosts: string[] }> }>;
}

/** What `config --explain` and `doctor` list: every installed connector's skills and where they went. */
export async function skillsOverview(home: string, config: EffectiveConfig): Promise<SkillOverview[]> {
  const state = await readSkillState(home);
  return (await connectorSkills(config)).map((c) => ({
    connector: c.connector,
    active: c.active,
    skills: c.skills.map((s) => ({
      skill: s.skill,
      folder: s.folder,
      exported: Object.entries(state.folders)
        .filter(([, f]) => f.skills[s.folder]?.connector === c.connector)
        .map(([dir, f]) => ({ dir, hosts: f.hosts })),
    })),
  }));
}

/** The overview as text lines (none when no connector has skills). */
export function overviewLines(overview: readonly SkillOverview[]): string[] {
  if (overview.length === 0) return [];
  const lines = [say("skills.overview")];
  for (const c of overview) {
    lines.push(`  ${c.connector}${c.active ? "" : say("skills.inactive")}`);
    for (const s of c.skills) {
      const where = s.exported.map((e) => `${path.join(e.dir, s.folder)} (${e.hosts.join(", ")})`);
      lines.push(`    ${s.skill} → ${where.length ? where.join(", ") : say("skills.not-exported")}`);
    }
  }
  return lines;
}

/**
 * doctor's findings about exported skills: a skill whose connector is no longer active but is still
 * in a folder (FAIL: the host offers a skill without its tools), one missing or edited since (WARN).
 */
export async function skillFindings(
  home: string,
  config: EffectiveConfig,
): Promise<Array<{ level: "FAIL" | "WARN"; said: Said }>> {
  const active = activeConnectors(config);
  const out: Array<{ level: "FAIL" | "WARN"; said: Said }> = [];
  for (const [dir, f] of Object.entries((await readSkillState(home)).folders)) {
    const host = f.hosts[0] ?? "<host>";
    for (const [folder, record] of Object.entries(f.skills)) {
      const where = path.join(dir, folder);
      const hash = await readTree(where).then(skillTreeHash, () => undefined);
      if (hash === undefined)
        out.push({
          level: "WARN",
          said: { key: "doctor.skill-removed", params: { dir: where, host } },
        });
      else if (hash !== record.sha256)
        out.push({
          level: "WARN",
          said: { key: "doctor.skill-edited", params: { dir: where } },
        });
      else if (!active.has(record.connector))
        out.push({
          level: "FAIL",
          said: { key: "doctor.skill-orphan", params: { dir: where, connector: record.connector, host } },
        });
    }
  }
  return out;
}
