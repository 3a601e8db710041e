import { HOST_TABLE, HOSTS, type HostId } from "./index.js";
import type { SkillFolders } from "./types.js";

/** Hosts that load skills (each adapter's `skills`), in table order; a host missing here loads none that anyone documents (docs/hosts.md). */
export const SKILL_FOLDERS: Partial<Record<HostId, SkillFolders>> = Object.fromEntries(
  HOST_TABLE.flatMap((adapter) => (adapter.skills ? [[adapter.id, adapter.skills]] : [])),
);

/** The folder segments of a host's skills for a scope, or undefined when it loads none there. */
export function skillFolderOf(host: HostId, scope: "user" | "project"): readonly string[] | undefined {
  return HOSTS[host].skills?.[scope];
}
