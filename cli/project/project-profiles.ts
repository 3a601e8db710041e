import type { Manifest } from "../../src/core/project/manifest.js";
import { readProfiles, updateProfiles } from "../home/profiles-store.js";

/** The profiles of this home that differ from the manifest's, and recorded ones it dropped. */
export async function profilesDrift(home: string, manifest: Manifest, recorded: readonly string[]) {
  const { profiles } = await readProfiles(home);
  const differ = Object.keys(manifest.profiles).filter(
    (name) =>
      !Object.hasOwn(profiles, name) ||
      profiles[name]!.members.join("\n") !== manifest.profiles[name]!.members.join("\n"),
  );
  const stale = recorded.filter((n) => !Object.hasOwn(manifest.profiles, n) && Object.hasOwn(profiles, n));
  return { differ, stale };
}

/**
 * Writes the manifest's gateway profiles (as `profile create` would; a profile of the same name is
 * set to the team's members) and deletes the ones an earlier sync wrote that the manifest dropped.
 * A profile the user made and the project never wrote is never deleted.
 */
export async function applyProjectProfiles(
  home: string,
  manifest: Manifest,
  recorded: readonly string[],
  now: Date,
): Promise<{ changed: string[]; recorded: string[] }> {
  const { differ, stale } = await profilesDrift(home, manifest, recorded);
  if (differ.length + stale.length > 0)
    await updateProfiles(home, (file) => {
      const profiles = { ...file.profiles };
      for (const name of differ)
        profiles[name] = {
          members: [...manifest.profiles[name]!.members],
          createdAt: profiles[name]?.createdAt ?? now.toISOString(),
        };
      for (const name of stale) delete profiles[name];
      return { ...file, profiles };
    });
  return { changed: [...differ, ...stale].sort(), recorded: Object.keys(manifest.profiles).sort() };
}
