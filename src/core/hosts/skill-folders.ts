import type { HostId } from "./types.js";

/**
 * Where a host loads Agent Skills from: one folder per scope, as path segments below the user's home
 * folder or the project folder. One folder each, on purpose: a host that reads two of them (VS Code
 * reads ~/.agents/skills and ~/.claude/skills) would otherwise list every skill twice.
 */
export interface SkillFolders {
  user?: readonly string[];
  project?: readonly string[];
  /** True when the host's own documentation names the folder; false when only third parties do. */
  confirmed: boolean;
}

/** The shared folder of the Agent Skills client guide, read by Codex, Cursor, VS Code, Gemini CLI, goose, OpenCode. */
const AGENTS: SkillFolders = { user: [".agents", "skills"], project: [".agents", "skills"], confirmed: true };

/** Hosts that load skills; a host missing here loads none that anyone documents (docs/hosts.md). */
export const SKILL_FOLDERS: Partial<Record<HostId, SkillFolders>> = {
  "claude-code": { user: [".claude", "skills"], project: [".claude", "skills"], confirmed: true },
  codex: AGENTS,
  cursor: AGENTS,
  vscode: AGENTS,
  "gemini-cli": AGENTS,
  goose: AGENTS,
  opencode: AGENTS,
  kiro: { user: [".kiro", "skills"], project: [".kiro", "skills"], confirmed: true },
  qoder: { user: [".qoder", "skills"], project: [".qoder", "skills"], confirmed: true },
  // Third-party sources only (vercel-labs/skills, syllago.dev, WorkBuddy guides): docs/hosts.md says so.
  workbuddy: { user: [".workbuddy", "skills"], project: [".workbuddy", "skills"], confirmed: false },
  trae: { user: [".trae", "skills"], project: [".trae", "skills"], confirmed: false },
  junie: { user: [".junie", "skills"], project: [".junie", "skills"], confirmed: false },
  warp: { user: [".warp", "skills"], project: [".warp", "skills"], confirmed: false },
  amp: { user: [".config", "amp", "skills"], project: [".agents", "skills"], confirmed: false },
};

/** The folder segments of a host's skills for a scope, or undefined when it loads none there. */
export function skillFolderOf(host: HostId, scope: "user" | "project"): readonly string[] | undefined {
  return SKILL_FOLDERS[host]?.[scope];
}
