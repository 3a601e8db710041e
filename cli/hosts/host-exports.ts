import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import { gatewayEntryName } from "../../src/core/hosts/gateway-entry.js";
import { isHostId } from "../../src/core/hosts/index.js";
import type { MergeResult } from "../../src/core/merge.js";
import type { CommandContext } from "../context.js";
import { homePaths } from "../home/home.js";
import { readJsonFile } from "../home/json-file.js";
import { profileServers } from "../home/profiles-store.js";
import { hostPathCandidates, type HostScope, type PathWorld } from "./host-paths.js";
import { checkHostState, forgetVanished, type HostFileRecord, type HostStateFile } from "./host-state.js";
import { say, type Speak } from "../terminal/language.js";

/** One host file Connectory exported to, with the export that wrote it and the servers it holds. */
export interface HostExport {
  host: string;
  file: string;
  /** Recorded by the export; inferred from the path for records older than that. */
  scope: HostScope;
  mode: "launcher" | "inline";
  /** The export wrote the one entry of `connectory gateway` (of `profile`), not one per server. */
  gateway: boolean;
  /** The profile exported; undefined: every active server. */
  profile?: string;
  servers: Set<string>;
}

/** The host files Connectory exported to, and those that vanished since (their records dropped). */
export interface Exports {
  /** Undefined when nothing was ever exported. */
  exports: HostExport[] | undefined;
  gone: HostExport[];
}

/**
 * Reads hosts.json. A recorded host file that no longer exists is reported in `gone` and its record
 * dropped: nothing in it is Connectory's any more, and saying it "still lists" a server would be false.
 */
export async function readExports(ctx: Pick<CommandContext, "home" | "env" | "cwd">): Promise<Exports> {
  const file = homePaths(ctx.home).hostState;
  const exists = await fs.access(file).then(
    () => true,
    () => false,
  );
  if (!exists) return { exports: undefined, gone: [] };
  const world = pathWorld(ctx);
  const gone = (await forgetVanished(ctx.home, existsSync)).map((r) => describeRecord(r.file, r, world));
  const state = await readJsonFile<Partial<HostStateFile>>(file, { version: 1, files: {} }, checkHostState);
  const exports = Object.entries(state.files ?? {}).map(([path, f]) => describeRecord(path, f, world));
  return { exports, gone };
}

function describeRecord(file: string, f: Partial<HostFileRecord> | undefined, world: PathWorld): HostExport {
  const host = String(f?.host ?? "?");
  const projectFiles = isHostId(host) ? hostPathCandidates(host, "project", world) : [];
  return {
    host,
    file,
    scope: f?.scope ?? (projectFiles.includes(file) ? "project" : "user"),
    mode: f?.mode ?? "launcher",
    gateway: f?.gateway === true,
    ...(typeof f?.profile === "string" ? { profile: f.profile } : {}),
    servers: new Set(Object.keys(f?.entries ?? {})),
  };
}

/** What host paths depend on, from a command's world (HOME as the command sees it). */
export function pathWorld(ctx: Pick<CommandContext, "env" | "cwd">): PathWorld {
  return {
    platform: process.platform,
    env: ctx.env,
    homedir: ctx.env.HOME ?? ctx.env.USERPROFILE ?? os.homedir(),
    cwd: ctx.cwd,
  };
}

/**
 * The command that brings one host file up to date: the same host, scope and mode as the export that
 * wrote it (a project file keeps its portable launcher), and `--file` only when the scope alone would
 * pick another file from here.
 */
export function exportCommand(
  e: Pick<HostExport, "host" | "file" | "scope" | "mode"> & Partial<Pick<HostExport, "gateway" | "profile">>,
  world: PathWorld,
): string {
  const chosen = isHostId(e.host) ? hostPathCandidates(e.host, e.scope, world) : [];
  return [
    "connectory config export",
    `--host ${e.host}`,
    ...(e.scope === "project" ? ["--scope project"] : []),
    ...(chosen.includes(e.file) ? [] : [`--file ${quote(e.file)}`]),
    ...(e.mode === "inline" ? ["--mode inline"] : []),
    ...(e.profile !== undefined ? [`--profile ${e.profile}`] : []),
    ...(e.gateway ? ["--gateway"] : []),
    "--write",
  ].join(" ");
}

/** "<file> (<host>, <scope>)": how hints name a host file. */
export function fileLabel(e: Pick<HostExport, "host" | "file" | "scope">, speak: Speak = say): string {
  return speak("hosts.file-label", { file: e.file, host: e.host, scope: e.scope });
}

function quote(file: string): string {
  return /^[\w@%+=:,./-]+$/.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`;
}

/**
 * The entries each host file should hold now: its export's server set (every active server, or its
 * profile's), or for a gateway export the gateway's one entry, whatever servers it serves. Undefined
 * for an export of a profile that no longer exists (the export must be redone with another).
 */
export async function expectedEntries(
  home: string,
  config: MergeResult,
  exports: readonly HostExport[],
): Promise<Map<HostExport, string[] | undefined>> {
  const byProfile = new Map<string, string[] | undefined>();
  const out = new Map<HostExport, string[] | undefined>();
  for (const e of exports) {
    if (e.gateway && e.profile === undefined) {
      out.set(e, [gatewayEntryName(undefined)]);
      continue;
    }
    const profile = e.profile ?? "default";
    if (!byProfile.has(profile)) {
      const names = await profileServers(home, config, profile).then(
        (p) => p.servers.map((s) => s.name),
        (error: { code?: string }) => {
          if (error.code === "profile.unknown") return undefined;
          throw error;
        },
      );
      byProfile.set(profile, names);
    }
    const names = byProfile.get(profile);
    out.set(e, names && e.gateway ? [gatewayEntryName(e.profile)] : names);
  }
  return out;
}

/**
 * Whether every host file Connectory wrote holds exactly what its export should hold now (see
 * expectedEntries): a server installed after the last export is missing there, an uninstalled one is
 * stale (both need `config export` again); an export of a deleted profile is `noProfile`.
 */
export function exportProblems(
  exports: readonly HostExport[],
  expected: ReadonlyMap<HostExport, readonly string[] | undefined>,
): {
  missing: Map<string, HostExport[]>;
  stale: Array<{ export: HostExport; server: string }>;
  noProfile: HostExport[];
} {
  const missing = new Map<string, HostExport[]>();
  const stale: Array<{ export: HostExport; server: string }> = [];
  const noProfile: HostExport[] = [];
  for (const e of exports) {
    const active = expected.get(e);
    if (active === undefined) {
      noProfile.push(e);
      continue;
    }
    for (const name of active) if (!e.servers.has(name)) missing.set(name, [...(missing.get(name) ?? []), e]);
    for (const name of e.servers) if (!active.includes(name)) stale.push({ export: e, server: name });
  }
  return { missing, stale, noProfile };
}

/** The note for an export of a profile that was deleted since. */
export function noProfileNote(e: HostExport, speak: Speak = say): string {
  return speak("hosts.no-profile", { file: fileLabel(e, speak), profile: e.profile ?? "" });
}

/**
 * After a command changed the effective set (uninstall, enable, disable): one line per host file
 * Connectory wrote that no longer matches it, with the command that brings it up to date, and one per
 * host file that vanished (its record is dropped). Host files are only ever changed by `config export`,
 * so without this the host keeps launching a removed server (or never sees an enabled one) and nothing
 * says why. Never fails the command it follows.
 */
export async function staleExportNotes(ctx: Pick<CommandContext, "home" | "env" | "cwd">): Promise<string[]> {
  try {
    const { exports, gone } = await readExports(ctx);
    const world = pathWorld(ctx);
    const goneNotes = gone.map((e) => say("exports.gone", { file: fileLabel(e) }));
    if (!exports || exports.length === 0) return goneNotes;
    const { loadEffectiveConfig } = await import("../home/effective-config.js");
    const config = await loadEffectiveConfig(ctx.home);
    const { missing, stale, noProfile } = exportProblems(
      exports,
      await expectedEntries(ctx.home, config, exports),
    );
    return [
      ...goneNotes,
      ...noProfile.map((e) => noProfileNote(e)),
      ...exports.flatMap((e) => {
        const old = stale.filter((s) => s.export === e).map((s) => s.server);
        const added = [...missing].filter(([, files]) => files.includes(e)).map(([name]) => name);
        if (old.length === 0 && added.length === 0) return [];
        const what = [
          ...(old.length ? [say("exports.still-lists", { servers: old.join(", ") })] : []),
          ...(added.length ? [say("exports.lacks", { servers: added.join(", ") })] : []),
        ].join(say("exports.and"));
        return [say("exports.stale", { file: fileLabel(e), what, command: exportCommand(e, world) })];
      }),
    ];
  } catch {
    return [];
  }
}
