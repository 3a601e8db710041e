import { say } from "../terminal/language.js";
import type { CliMessageKey } from "../terminal/messages-en.js";
import type { HostId } from "../../src/core/hosts/index.js";
import type { SkillAction } from "../../src/core/hosts/skill-plan.js";
import type { EffectiveConfig } from "../home/effective-config.js";
import type { HostScope } from "./host-paths.js";
import { planSkillExport, writeSkillExport, type SkillExportResult } from "./skill-files.js";
import { skillsDir } from "./skill-paths.js";
import { wantedSkills, type SkippedSkill } from "./skill-sources.js";

export type SkillsExport = SkillExportResult & { skipped: SkippedSkill[] };

/**
 * The skills half of `config export`: the active connectors' skills into the folder the host loads
 * them from for this scope. Undefined when the host loads no skills there (or --no-skills).
 */
export async function exportSkills(input: {
  home: string;
  host: HostId;
  scope: HostScope;
  config: EffectiveConfig;
  env: Record<string, string | undefined>;
  cwd: string;
  write: boolean;
  now: Date;
  /** A profile's export: only these connectors' skills (`<name>@<marketplace>`); the rest are removed. */
  only?: ReadonlySet<string>;
}): Promise<SkillsExport | undefined> {
  const dir = skillsDir(input.host, input.scope, input);
  if (!dir) return undefined;
  const { wanted, skipped } = await wantedSkills(input.config, input.only);
  const job = {
    home: input.home,
    dir,
    host: input.host,
    wanted,
    now: input.now,
    ...(input.scope === "project" ? { within: input.cwd } : {}),
  };
  const result = input.write ? await writeSkillExport(job) : await planSkillExport(job);
  return { ...result, skipped };
}

const LABEL: Record<SkillAction, CliMessageKey> = {
  add: "export.add",
  update: "export.update",
  unchanged: "export.unchanged",
  remove: "export.remove",
  "user-edited": "export.user-edited",
  "not-ours": "export.skill-not-ours",
  conflict: "export.skill-conflict",
};

/** The lines `config export` prints for the skills folder. */
export function skillsSummary(s: SkillsExport): string[] {
  const lines = [say("export.skills", { dir: s.dir })];
  for (const r of s.report) {
    const from = r.with
      ? say("export.skill-from-kept", { skill: r.skill, connector: r.connector, with: r.with })
      : say("export.skill-from", { skill: r.skill, connector: r.connector });
    lines.push(`  ${say(LABEL[r.action])}  ${r.folder}  (${from})`);
  }
  for (const k of s.skipped)
    lines.push(say("export.skill-skipped", { skill: k.skill, connector: k.connector, reason: k.reason }));
  if (s.report.length === 0 && s.skipped.length === 0) lines.push(say("export.no-skills"));
  return lines;
}
