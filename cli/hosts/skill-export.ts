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

const LABEL: Record<SkillAction, string> = {
  add: "+ add",
  update: "~ update",
  unchanged: "= unchanged",
  remove: "- remove",
  "user-edited": "! edited since connectory wrote it: left alone",
  "not-ours": "! a skill connectory did not write has this name: left alone",
  conflict: "! name taken by another connector's skill: not written",
};

/** The lines `config export` prints for the skills folder. */
export function skillsSummary(s: SkillsExport): string[] {
  const lines = [`Skills: ${s.dir}`];
  for (const r of s.report) {
    const from = `${r.skill} of ${r.connector}${r.with ? `; kept by ${r.with}` : ""}`;
    lines.push(`  ${LABEL[r.action]}  ${r.folder}  (${from})`);
  }
  for (const k of s.skipped) lines.push(`  ! skipped  ${k.skill} of ${k.connector}: ${k.reason}`);
  if (s.report.length === 0 && s.skipped.length === 0) lines.push("  (no skills to export)");
  return lines;
}
