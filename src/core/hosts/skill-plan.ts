import { createHash } from "node:crypto";

/** One file of a skill folder: its bytes and whether it is a program (scripts/…). */
export interface SkillFile {
  bytes: Uint8Array;
  executable: boolean;
}

/** A skill folder's files by POSIX path below the folder; a symlink is recorded by its target. */
export type SkillTree = Map<string, SkillFile | { link: string }>;

/** A skill Connectory wants in a skills folder. */
export interface WantedSkill {
  /** The folder name, equal to the front matter name. */
  folder: string;
  /** `<name>@<marketplace>` of the connector it comes from. */
  connector: string;
  /** Its name inside the connector package. */
  skill: string;
  tree: SkillTree;
}

/** What Connectory remembers about a skill folder it wrote. */
export interface OwnedSkill {
  connector: string;
  skill: string;
  sha256: string;
}

export type SkillAction =
  | "add"
  | "update"
  | "unchanged"
  | "remove"
  /** ours, but changed by hand since: reported, left alone */
  | "user-edited"
  /** a folder of that name Connectory did not write (the user's own skill): reported, left alone */
  | "not-ours"
  /** another connector's skill already takes that folder name: reported, not written */
  | "conflict";

export interface SkillReport {
  folder: string;
  connector: string;
  skill: string;
  action: SkillAction;
  /** For conflict: the connector that keeps the name. */
  with?: string;
}

export interface SkillPlan {
  /** Folders to write (add, update) with their trees, and folders to delete (remove). */
  write: WantedSkill[];
  remove: string[];
  report: SkillReport[];
  owned: Record<string, OwnedSkill>;
}

/** sha256 over a skill folder's paths, execute bits, link targets and bytes: equal trees hash equal. */
export function skillTreeHash(tree: SkillTree): string {
  const hash = createHash("sha256");
  for (const path of [...tree.keys()].sort()) {
    const file = tree.get(path)!;
    const part =
      "link" in file
        ? `L ${path}\0${file.link}`
        : `${file.executable ? "X" : "F"} ${path}\0${createHash("sha256").update(file.bytes).digest("hex")}`;
    hash.update(part + "\n");
  }
  return hash.digest("hex");
}

/**
 * Decides each skill folder as planEntries decides host entries: only folders Connectory wrote and
 * nobody changed since (their hash matches the record) are replaced or removed; a folder with no record
 * is the user's even when it is byte-identical to the connector's skill. `current` holds the
 * hash of each relevant folder present on disk ("" when the name is taken by a file or a link).
 * Wanted skills come sorted by connector; the first to claim a folder name keeps it.
 */
export function planSkills(
  wanted: readonly WantedSkill[],
  current: Readonly<Record<string, string>>,
  owned: Readonly<Record<string, OwnedSkill>>,
): SkillPlan {
  const plan: SkillPlan = { write: [], remove: [], report: [], owned: {} };
  const claimed = new Map<string, string>();
  for (const want of wanted) {
    const base = { folder: want.folder, connector: want.connector, skill: want.skill };
    const first = claimed.get(want.folder);
    if (first !== undefined) {
      plan.report.push({ ...base, action: "conflict", with: first });
      continue;
    }
    claimed.set(want.folder, want.connector);
    const hash = skillTreeHash(want.tree);
    const have = Object.hasOwn(current, want.folder) ? current[want.folder] : undefined;
    const record = Object.hasOwn(owned, want.folder) ? owned[want.folder] : undefined;
    const mine = { connector: want.connector, skill: want.skill, sha256: hash };
    if (have === undefined) {
      plan.write.push(want);
      plan.report.push({ ...base, action: "add" });
      plan.owned[want.folder] = mine;
    } else if (have === hash && record) {
      plan.report.push({ ...base, action: "unchanged" });
      plan.owned[want.folder] = mine;
    } else if (have === hash) {
      // Byte-identical, but Connectory has no record of writing it: the user made (or copied) it, and
      // adopting it would delete it on uninstall. It stays theirs.
      plan.report.push({ ...base, action: "not-ours" });
    } else if (record && record.sha256 === have) {
      plan.write.push(want);
      plan.report.push({ ...base, action: "update" });
      plan.owned[want.folder] = mine;
    } else if (record) {
      plan.report.push({ ...base, action: "user-edited" });
      plan.owned[want.folder] = record;
    } else {
      plan.report.push({ ...base, action: "not-ours" });
    }
  }
  for (const [folder, record] of Object.entries(owned)) {
    if (claimed.has(folder)) continue;
    const have = Object.hasOwn(current, folder) ? current[folder] : undefined;
    const base = { folder, connector: record.connector, skill: record.skill };
    if (have === undefined) continue; // already gone: forget it
    if (have === record.sha256) {
      plan.remove.push(folder);
      plan.report.push({ ...base, action: "remove" });
    } else {
      plan.report.push({ ...base, action: "user-edited" });
      plan.owned[folder] = record;
    }
  }
  return plan;
}
