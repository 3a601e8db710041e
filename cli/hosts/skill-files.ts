import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  planSkills,
  skillTreeHash,
  type OwnedSkill,
  type SkillPlan,
  type SkillReport,
  type SkillTree,
  type WantedSkill,
} from "../../src/core/hosts/skill-plan.js";
import { atomicWrite, syncDir } from "../../src/fs/atomic-write.js";
import { withLock } from "../../src/fs/lock.js";
import { BACKUPS_KEPT } from "../home/backup.js";
import { homePaths } from "../home/home.js";
import { readTree } from "./skill-sources.js";
import { readSkillState, writeSkillState } from "./skill-state.js";
import { statIfPresent } from "../../src/fs/stat-if-present.js";
import { localizedError } from "../terminal/language.js";

/** What `config export` asks of one skills folder. */
export interface SkillExportInput {
  home: string;
  /** The skills folder (~/.agents/skills, .claude/skills …). */
  dir: string;
  /** The host exported to, recorded beside the folder; undefined for a prune. */
  host?: string;
  wanted: readonly WantedSkill[];
  now: Date;
  /** A project's root: the skills folder's real path must stay inside it (a link out is refused). */
  within?: string;
}

export interface SkillExportResult {
  dir: string;
  changed: boolean;
  written: boolean;
  report: SkillReport[];
  /** Previous versions of the folders replaced or removed. */
  backups: string[];
}

/** The skill changes an export would make, writing nothing. */
export async function planSkillExport(input: SkillExportInput): Promise<SkillExportResult> {
  const plan = await planFolder(input);
  return result(input.dir, plan, false, []);
}

/**
 * Applies the skill changes under the folder's lock: re-reads what is there, re-plans, backs up every
 * folder it replaces or removes under $CONNECTORY_HOME/backups/skills/, writes each new folder beside
 * its place and renames it in (a host never reads half a skill), and records what it now owns.
 */
export async function writeSkillExport(input: SkillExportInput): Promise<SkillExportResult> {
  return applyPlan(input, () => planFolder(input));
}

/**
 * Removes from one skills folder the skills Connectory wrote whose connector `keep` rejects (disabled,
 * uninstalled), unless edited since; adds nothing (that is `config export`'s job).
 */
export async function pruneSkillFolder(
  home: string,
  dir: string,
  keep: (connector: string) => boolean,
  now: Date,
): Promise<SkillExportResult> {
  const input = { home, dir, wanted: [], now };
  return applyPlan(input, async () => {
    const owned = (await readSkillState(home)).folders[dir]?.skills ?? {};
    const kept = Object.entries(owned).filter(([, r]) => keep(r.connector));
    const gone = Object.fromEntries(Object.entries(owned).filter(([, r]) => !keep(r.connector)));
    const plan = planSkills([], await currentHashes(dir, Object.keys(gone)), strip(gone));
    for (const [folder, { connector, skill, sha256 }] of kept)
      plan.owned[folder] = { connector, skill, sha256 };
    return plan;
  });
}

async function applyPlan(input: SkillExportInput, makePlan: () => Promise<SkillPlan>) {
  await checkWithin(input);
  await fs.mkdir(input.dir, { recursive: true });
  return withLock(input.dir, async () => {
    const plan = await makePlan();
    const dir = await fs.realpath(input.dir);
    const backups: string[] = [];
    for (const want of plan.write) {
      const target = path.join(dir, want.folder);
      const temp = path.join(dir, `.${want.folder}.connectory-${randomBytes(6).toString("hex")}`);
      try {
        await writeTree(temp, want.tree);
        if (await isDir(target)) {
          backups.push(await backupFolder(input.home, input.dir, target, input.now));
          await fs.rm(target, { recursive: true, force: true });
        }
        await fs.rename(temp, target);
      } finally {
        await fs.rm(temp, { recursive: true, force: true });
      }
    }
    for (const folder of plan.remove) {
      const target = path.join(dir, folder);
      backups.push(await backupFolder(input.home, input.dir, target, input.now));
      await fs.rm(target, { recursive: true, force: true });
    }
    if (plan.write.length + plan.remove.length > 0) await syncDir(dir);
    await writeSkillState(input.home, input.dir, input.host, plan.owned, input.now);
    return result(input.dir, plan, plan.write.length + plan.remove.length > 0, backups);
  });
}

function result(dir: string, plan: SkillPlan, written: boolean, backups: string[]): SkillExportResult {
  const changed = plan.write.length + plan.remove.length > 0;
  return { dir, changed, written, report: plan.report, backups };
}

/**
 * A project-scope export writes where the project's `.claude/skills` really leads: a link (or a linked
 * `.claude`) out of the project (into `~/.config/autostart`) is refused before anything is created.
 */
async function checkWithin(input: SkillExportInput): Promise<void> {
  if (input.within === undefined) return;
  const root = await fs.realpath(input.within);
  const real = await realPathSoFar(input.dir);
  if (real === root || real.startsWith(root + path.sep)) return;
  throw localizedError(
    "host.skills.outside-project",
    { key: "hosts.skills-outside", params: { dir: input.dir, real, root } },
    { key: "hosts.skills-outside-hint" },
  );
}

/** The real path of `p`, or of its deepest existing folder with the rest appended. */
async function realPathSoFar(p: string): Promise<string> {
  const rest: string[] = [];
  for (let at = path.resolve(p); ; at = path.dirname(at)) {
    try {
      return path.join(await fs.realpath(at), ...rest.reverse());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || path.dirname(at) === at) throw error;
      rest.push(path.basename(at));
    }
  }
}

async function planFolder(input: SkillExportInput): Promise<SkillPlan> {
  await checkWithin(input);
  const owned = (await readSkillState(input.home)).folders[input.dir]?.skills ?? {};
  const names = [...input.wanted.map((w) => w.folder), ...Object.keys(owned)];
  return planSkills(input.wanted, await currentHashes(input.dir, names), strip(owned));
}

/** The hash of each named folder present in `dir`. */
async function currentHashes(dir: string, names: readonly string[]): Promise<Record<string, string>> {
  const current: Record<string, string> = {};
  for (const name of new Set(names)) {
    const hash = await folderHash(path.join(dir, name));
    if (hash !== undefined) current[name] = hash;
  }
  return current;
}

/** Records without their writtenAt: what the planner compares. */
function strip(records: Record<string, OwnedSkill>): Record<string, OwnedSkill> {
  return Object.fromEntries(
    Object.entries(records).map(([k, { connector, skill, sha256 }]) => [k, { connector, skill, sha256 }]),
  );
}

/** The tree hash of a folder, "" for a file or a link in its place, undefined when nothing is there. */
async function folderHash(target: string): Promise<string | undefined> {
  const stat = await statIfPresent(target, { link: true });
  if (!stat) return undefined;
  return stat.isDirectory() ? skillTreeHash(await readTree(target)) : "";
}

async function isDir(target: string): Promise<boolean> {
  return fs.lstat(target).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

async function writeTree(dir: string, tree: SkillTree): Promise<void> {
  for (const [rel, file] of tree) {
    if ("link" in file) continue; // never produced from a package (tarballs carry no links)
    const target = path.join(dir, ...rel.split("/"));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await atomicWrite(target, file.bytes, { mode: file.executable ? 0o755 : 0o644 });
  }
  await fs.mkdir(dir, { recursive: true });
}

/**
 * Copies a skill folder to backups/skills/<name>.<hash of its skills folder>.<timestamp>/ and keeps
 * the newest BACKUPS_KEPT of that same folder.
 */
async function backupFolder(home: string, skillsDir: string, target: string, now: Date): Promise<string> {
  const root = path.join(homePaths(home).backups, "skills");
  await fs.mkdir(root, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(".", "");
  const hash = createHash("sha256").update(path.resolve(skillsDir)).digest("hex").slice(0, 8);
  const base = `${path.basename(target)}.${hash}`;
  let dest = path.join(root, `${base}.${stamp}`);
  for (let n = 1; await exists(dest); n += 1) dest = path.join(root, `${base}.${stamp}-${n}`);
  await fs.cp(target, dest, { recursive: true, verbatimSymlinks: true });
  const mine = (await fs.readdir(root)).filter((f) => f.startsWith(base + ".")).sort();
  for (const old of mine.slice(0, Math.max(0, mine.length - BACKUPS_KEPT)))
    await fs.rm(path.join(root, old), { recursive: true, force: true });
  return dest;
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}
