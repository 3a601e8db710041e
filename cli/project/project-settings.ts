import type { LockedConnector } from "../../src/core/project/lock.js";
import type { FilesystemGrant } from "../../src/core/sandbox/permissions.js";
import type { CommandContext } from "../context.js";
import { applyProjectGrants, confirmGrants, widerGrants, type WantedGrants } from "./project-grants.js";
import { applyProjectGuards } from "./project-guards.js";
import { applyProjectProfiles } from "./project-profiles.js";
import type { Project } from "./project-files.js";
import { readProjects, updateProjects } from "./project-record.js";

/**
 * Asks for the manifest's grants that reach further than the named connectors declare (`entries`: their
 * lock entries, whose permissions were accepted): throws `project.grant.not-accepted`, nothing written.
 */
export async function confirmProjectGrants(
  ctx: CommandContext,
  project: Project,
  input: {
    grants: WantedGrants;
    keys: Record<string, string>;
    entries: Record<string, LockedConnector>;
    yes: boolean;
  },
): Promise<void> {
  const wider: Record<string, FilesystemGrant[]> = {};
  for (const name of Object.keys(project.manifest.grants)) {
    const key = input.keys[name];
    const entry = input.entries[name];
    if (!key || !entry) continue;
    const list = widerGrants(input.grants[key] ?? [], entry.permissions, ctx.env);
    if (list.length > 0) wider[key] = list;
  }
  await confirmGrants(ctx, project.dir, wider, input.yes);
}

/**
 * The manifest's guards, profiles and sandbox grants in this home (docs/projects.md §"Guards, profiles
 * and grants"), once `confirmProjectGrants` accepted the grants: writes them, removes what an earlier
 * sync set that the manifest dropped, and records what the project now sets in projects.json.
 */
export async function applyProjectSettings(
  ctx: CommandContext,
  project: Project,
  grants: WantedGrants,
): Promise<{ guards: string[]; profiles: string[]; grants: string[] }> {
  const record = (await readProjects(ctx.home))[project.dir];
  const guards = await applyProjectGuards(ctx.home, project.manifest, record?.guards ?? []);
  const profiles = await applyProjectProfiles(ctx.home, project.manifest, record?.profiles ?? [], ctx.now());
  const changedGrants = await applyProjectGrants(ctx.home, project.dir, grants);
  const same = (a: string[] | undefined, b: string[]) => (a ?? []).join("\n") === b.join("\n");
  if (!same(record?.guards, guards.recorded) || !same(record?.profiles, profiles.recorded))
    await updateProjects(ctx.home, (file) => {
      const entry = { ...(file[project.dir] ?? { connectors: [] }) };
      if (guards.recorded.length > 0) entry.guards = guards.recorded;
      else delete entry.guards;
      if (profiles.recorded.length > 0) entry.profiles = profiles.recorded;
      else delete entry.profiles;
      const next = { ...file };
      if (entry.connectors.length > 0 || entry.guards || entry.profiles) next[project.dir] = entry;
      else delete next[project.dir];
      return next;
    });
  return { guards: guards.changed, profiles: profiles.changed, grants: changedGrants };
}
