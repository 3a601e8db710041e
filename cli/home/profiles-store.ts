import path from "node:path";
import type { ExplainedServer, MergeResult } from "../../src/core/merge.js";
import { NAME } from "../../src/core/names.js";
import { homePaths } from "./home.js";
import { describe, readJsonFile, updateJsonFile, type ShapeCheck } from "./json-file.js";
import { isObject } from "../../src/core/json-guards.js";
import { localizedError, localizedUsageError, type Said } from "../terminal/language.js";

/** A named set of servers for one task or host: server names or connector names (`name[@marketplace]`). */
export interface Profile {
  members: string[];
  createdAt: string;
}

/** $CONNECTORY_HOME/profiles.json */
export interface ProfilesFile {
  version: 1;
  profiles: Record<string, Profile>;
}

/** The profile no file holds: every active server. */
export const DEFAULT_PROFILE = "default";
const EMPTY: ProfilesFile = { version: 1, profiles: {} };

export function profilesPath(home: string): string {
  return path.join(homePaths(home).home, "profiles.json");
}

const checkProfiles: ShapeCheck = (file) => {
  if (!isObject(file) || file.version !== 1 || !isObject(file.profiles))
    return `expected { "version": 1, "profiles": { … } }, found ${describe(file)}`;
  for (const [name, p] of Object.entries(file.profiles)) {
    if (!isObject(p) || !Array.isArray(p.members) || !p.members.every((m) => typeof m === "string"))
      return `profile ${JSON.stringify(name)} has no list of "members"`;
  }
  return undefined;
};

export async function readProfiles(home: string): Promise<ProfilesFile> {
  return readJsonFile<ProfilesFile>(profilesPath(home), EMPTY, checkProfiles);
}

/** Locked read-modify-write of profiles.json (atomic; a damaged file aborts untouched). */
export function updateProfiles(
  home: string,
  fn: (file: ProfilesFile) => ProfilesFile,
): Promise<ProfilesFile> {
  return updateJsonFile<ProfilesFile>(profilesPath(home), EMPTY, fn, { check: checkProfiles });
}

/** Throws `profile.name.invalid` unless `name` is a valid profile name. */
export function checkProfileName(name: string): void {
  if (!NAME.test(name))
    throw localizedUsageError(
      { key: "profile.invalid", params: { name: name.slice(0, 70) } },
      { key: "profile.invalid-hint" },
    );
}

/** The profile's stored entry, or `profile.unknown`. */
export function findProfile(file: ProfilesFile, name: string): Profile {
  const profile = Object.hasOwn(file.profiles, name) ? file.profiles[name] : undefined;
  if (!profile)
    throw localizedError(
      "profile.unknown",
      { key: "profile.unknown", params: { name } },
      { key: "profile.unknown-hint", params: { name } },
    );
  return profile;
}

/**
 * The --profile of a per-profile setting (guard modes, tool rules and limits): undefined, or a profile
 * that exists. `default` has no settings of its own, so it is refused with the caller's words.
 */
export async function settingProfile(
  home: string,
  profile: string | undefined,
  refusal: { message: Said; hint: Said },
): Promise<string | undefined> {
  if (profile === DEFAULT_PROFILE) throw localizedUsageError(refusal.message, refusal.hint);
  if (profile !== undefined) findProfile(await readProfiles(home), profile);
  return profile;
}

/** The servers a member names: a server of that name, else every server of the connector of that name. */
export function memberServers(config: MergeResult, member: string): ExplainedServer[] {
  const byName = config.servers.filter((s) => s.name === member && s.status !== "shadowed");
  if (byName.length > 0) return byName;
  return config.servers.filter(
    (s) =>
      s.origin.kind === "connector" &&
      s.status !== "shadowed" &&
      (s.origin.connector === member || `${s.origin.connector}@${s.origin.marketplace}` === member),
  );
}

/**
 * The active servers of a profile, in the effective set's order, and the members that name nothing
 * active now (uninstalled, disabled…: the caller says so). The default profile is every active server.
 */
export async function profileServers(
  home: string,
  config: MergeResult,
  name: string,
): Promise<{ servers: ExplainedServer[]; missing: string[] }> {
  const active = config.servers.filter((s) => s.status === "active");
  if (name === DEFAULT_PROFILE) return { servers: active, missing: [] };
  const profile = findProfile(await readProfiles(home), name);
  const chosen = new Set<string>();
  const missing: string[] = [];
  for (const member of profile.members) {
    const found = memberServers(config, member).filter((s) => s.status === "active");
    if (found.length === 0) missing.push(member);
    for (const s of found) chosen.add(s.name);
  }
  return { servers: active.filter((s) => chosen.has(s.name)), missing };
}

/** Every server a profile's members name, whatever its status (for `config --explain --profile`). */
export async function profileMembers(
  home: string,
  config: MergeResult,
  name: string,
): Promise<ExplainedServer[]> {
  if (name === DEFAULT_PROFILE) return config.servers.filter((s) => s.status === "active");
  const profile = findProfile(await readProfiles(home), name);
  const named = new Set(profile.members.flatMap((m) => memberServers(config, m)));
  return config.servers.filter((s) => named.has(s));
}
