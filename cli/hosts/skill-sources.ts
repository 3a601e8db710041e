import fs from "node:fs/promises";
import path from "node:path";
import { exportedSkillName } from "../../src/core/hosts/exported-skill-name.js";
import { exportNameProblem, renameSkill } from "../../src/core/hosts/skill-name.js";
import type { SkillTree, WantedSkill } from "../../src/core/hosts/skill-plan.js";
import type { EffectiveConfig } from "../home/effective-config.js";

/** A connector's skill that no export writes, and why. */
export interface SkippedSkill {
  connector: string;
  skill: string;
  reason: string;
}

/** The skills of one installed connector, and whether its servers are active (only then are they exported). */
export interface ConnectorSkills {
  connector: string;
  active: boolean;
  skills: Array<{ skill: string; folder: string }>;
}

/**
 * A connector's skills reach a host while the connector is enabled and at least one of its servers
 * is active: a skill without its tools would send the agent after tools it does not have. A
 * skills-only connector (no server: docs/package-format.md) needs only to be enabled.
 */
export function activeConnectors(config: EffectiveConfig): Set<string> {
  const out = new Set<string>();
  for (const s of config.servers) {
    if (s.status === "active" && s.origin.kind === "connector")
      out.add(`${s.origin.connector}@${s.origin.marketplace}`);
  }
  for (const { key, input } of config.connectors)
    if (input.enabled && Object.keys(input.servers).length === 0) out.add(key);
  return out;
}

/**
 * The connectors a profile's export carries skills of: those of its active servers, and the enabled
 * skills-only connectors its members name (`members` that name no server: by name or key).
 */
export function profileConnectors(
  config: EffectiveConfig,
  servers: ReadonlyArray<{ origin: EffectiveConfig["servers"][number]["origin"] }>,
  members: readonly string[],
): { connectors: Set<string>; skillsOnly: string[] } {
  const connectors = new Set<string>();
  for (const s of servers)
    if (s.origin.kind === "connector") connectors.add(`${s.origin.connector}@${s.origin.marketplace}`);
  const skillsOnly: string[] = [];
  for (const member of members) {
    const found = config.connectors.find(
      ({ key, entry, input }) =>
        (key === member || entry.name === member) && input.enabled && Object.keys(input.servers).length === 0,
    );
    if (found) {
      connectors.add(found.key);
      skillsOnly.push(member);
    }
  }
  return { connectors, skillsOnly };
}

/**
 * Every skill of the active connectors (only those of `only`, for a profile), read from their cached
 * packages, renamed for export and checked as a host would check it. A skill that would be refused is
 * skipped (with the reason), never written. Sorted by connector key, then skill, so the first to claim
 * a folder name is stable.
 */
export async function wantedSkills(
  config: EffectiveConfig,
  only?: ReadonlySet<string>,
): Promise<{ wanted: WantedSkill[]; skipped: SkippedSkill[] }> {
  const active = activeConnectors(config);
  if (only) for (const key of active) if (!only.has(key)) active.delete(key);
  const wanted: WantedSkill[] = [];
  const skipped: SkippedSkill[] = [];
  for (const { key, entry, input } of config.connectors) {
    if (!active.has(key)) continue;
    for (const skill of await skillFolders(input.pluginRoot)) {
      const folder = exportedSkillName(entry.name, skill);
      const nameProblem = exportNameProblem(folder);
      if (nameProblem) {
        skipped.push({ connector: key, skill, reason: nameProblem });
        continue;
      }
      const tree = await readTree(path.join(input.pluginRoot, "skills", skill));
      const md = tree.get("SKILL.md");
      if (!md || "link" in md) {
        skipped.push({ connector: key, skill, reason: "it has no SKILL.md" });
        continue;
      }
      const renamed = renameSkill(new TextDecoder().decode(md.bytes), folder);
      if (renamed.problems) {
        const first = renamed.problems[0]?.message ?? "it does not pass the Agent Skills rules";
        skipped.push({ connector: key, skill, reason: first });
        continue;
      }
      tree.set("SKILL.md", { bytes: new TextEncoder().encode(renamed.text), executable: md.executable });
      wanted.push({ folder, connector: key, skill, tree });
    }
  }
  return { wanted, skipped };
}

/** Each installed connector's skills and their exported names, for `config --explain` and `doctor`. */
export async function connectorSkills(config: EffectiveConfig): Promise<ConnectorSkills[]> {
  const active = activeConnectors(config);
  const out: ConnectorSkills[] = [];
  for (const { key, entry, input } of config.connectors) {
    const names = await skillFolders(input.pluginRoot);
    if (names.length === 0) continue;
    out.push({
      connector: key,
      active: active.has(key),
      skills: names.map((skill) => ({ skill, folder: exportedSkillName(entry.name, skill) })),
    });
  }
  return out;
}

/** The skill folder names of an unpacked package (none when it has no skills/). */
async function skillFolders(root: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(path.join(root, "skills"), { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Every file below `dir` (links recorded by target, never followed); throws when `dir` cannot be read. */
export async function readTree(dir: string): Promise<SkillTree> {
  const tree: SkillTree = new Map();
  async function walk(rel: string): Promise<void> {
    const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const e of entries) {
      const relPath = rel === "" ? e.name : `${rel}/${e.name}`;
      const full = path.join(dir, relPath);
      if (e.isDirectory()) await walk(relPath);
      else if (e.isSymbolicLink()) tree.set(relPath, { link: await fs.readlink(full) });
      else if (e.isFile()) {
        const [bytes, stat] = await Promise.all([fs.readFile(full), fs.stat(full)]);
        tree.set(relPath, { bytes, executable: (stat.mode & 0o111) !== 0 });
      } else tree.set(relPath, { link: "(special file)" });
    }
  }
  await walk("");
  return tree;
}
