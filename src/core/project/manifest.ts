import semver from "semver";
import { HOST_IDS, isHostId } from "../hosts/index.js";
import { isObject } from "../json-guards.js";
import { NAME, SERVER_NAME } from "../names.js";
import { checkPatterns } from "../tools/tool-rules.js";
import type { GuardSettings } from "../guards/guard-modes.js";
import type { Problem } from "../types.js";
import {
  DEFAULT_PROJECT_MARKETPLACE,
  MANIFEST_LIMITS,
  clip,
  esc,
  grantOf,
  guardTable,
  invalid,
  isHttpUrl,
  objectEntries,
  MEMBER,
  unknownKeys,
  validRange,
  wantedOf,
} from "./manifest-entries.js";

export { DEFAULT_PROJECT_MARKETPLACE, MANIFEST_LIMITS, validRange };

// connectory.json: what a project wants (docs/projects.md, schemas/connectory-project.schema.json).
// Hand-checked rather than through ajv: `sync` reads it on every run and must stay quick; the schema
// and this check agree on the cases of test/core/project/manifest.test.ts.

export const MANIFEST_FILE = "connectory.json";
export const LOCK_FILE = "connectory.lock";

/** One wanted connector: a semver range (or dist-tag `latest`) from a marketplace. */
export interface WantedConnector {
  range: string;
  marketplace: string;
}

export interface Manifest {
  /** Wanted connectors by name, in file order. */
  connectors: Record<string, WantedConnector>;
  /** Marketplaces the project names beyond `default`: name → URL (each user confirms them once). */
  marketplaces: Record<string, string>;
  /** Hosts whose project-scope file `sync` writes, in file order. */
  hosts: string[];
  /** The team's tool rules per project server (`tools allow|deny`), set in each home by `sync`. */
  tools: Record<string, { allow?: string[]; deny?: string[] }>;
  /** The team's guard modes per project server (`connectory guard`), set in each home by `sync`. */
  guards: Record<string, GuardSettings>;
  /** Gateway profiles (`connectory profile create`): members, and guard modes where the profile is served. */
  profiles: Record<string, ProjectProfile>;
  /** Sandbox folders granted to a connector's local servers: paths inside the project folder. */
  grants: Record<string, ProjectGrant[]>;
}

export interface ProjectProfile {
  members: string[];
  guards: Record<string, GuardSettings>;
}

/** A folder of the project (relative, no `..`) a connector's sandbox may reach. */
export interface ProjectGrant {
  path: string;
  access: "read" | "read-write";
}

const TOP_KEYS = ["$schema", "connectors", "marketplaces", "hosts", "tools", "guards", "profiles", "grants"];

/**
 * Checks a parsed connectory.json. Every problem is collected (unknown keys, a range that is not semver
 * or too long, a name that could not be a folder, a marketplace not declared, a URL that is not
 * http(s)), then thrown at once as `project.manifest.invalid` with one Problem each.
 */
export function checkManifest(data: unknown, file = MANIFEST_FILE): Manifest {
  const problems: Problem[] = [];
  const bad = (pointer: string, message: string) =>
    problems.push({ code: "project.manifest.invalid", severity: "error", file, path: pointer, message });
  const out: Manifest = {
    connectors: {},
    marketplaces: {},
    hosts: [],
    tools: {},
    guards: {},
    profiles: {},
    grants: {},
  };
  if (!isObject(data)) {
    bad("", "the file must hold one JSON object");
    throw invalid(file, problems);
  }
  unknownKeys(data, "", TOP_KEYS, bad);
  if (data.$schema !== undefined && typeof data.$schema !== "string")
    bad("/$schema", '"$schema" must be text');

  const markets = objectEntries(data, "marketplaces", "name → URL", bad);
  if (markets.length > MANIFEST_LIMITS.marketplaces)
    bad("/marketplaces", `more than ${MANIFEST_LIMITS.marketplaces} marketplaces`);
  for (const [name, url] of markets.slice(0, MANIFEST_LIMITS.marketplaces)) {
    const at = `/marketplaces/${esc(name)}`;
    if (!NAME.test(name))
      bad(at, `"${clip(name)}" is not a marketplace name (lower-case letters, digits, dashes)`);
    else if (name === DEFAULT_PROJECT_MARKETPLACE)
      bad(at, `"default" is each user's own default marketplace: name the team's marketplace otherwise`);
    else if (typeof url !== "string" || !isHttpUrl(url)) bad(at, "must be an http(s) URL");
    else out.marketplaces[name] = url.replace(/\/+$/, "");
  }

  const connectors = objectEntries(data, "connectors", "name → range", bad);
  if (connectors.length > MANIFEST_LIMITS.connectors)
    bad("/connectors", `more than ${MANIFEST_LIMITS.connectors} connectors`);
  for (const [name, value] of connectors.slice(0, MANIFEST_LIMITS.connectors)) {
    const at = `/connectors/${esc(name)}`;
    if (!NAME.test(name)) {
      bad(at, `"${clip(name)}" is not a connector name (lower-case letters, digits, dashes)`);
      continue;
    }
    const wanted = wantedOf(value, at, bad);
    if (!wanted) continue;
    if (
      wanted.marketplace !== DEFAULT_PROJECT_MARKETPLACE &&
      !Object.hasOwn(out.marketplaces, wanted.marketplace)
    )
      bad(`${at}/marketplace`, `marketplace "${clip(wanted.marketplace)}" is not declared in "marketplaces"`);
    else out.connectors[name] = wanted;
  }

  const hosts = data.hosts ?? [];
  if (!Array.isArray(hosts)) bad("/hosts", '"hosts" must be a list of host names');
  else
    hosts.slice(0, MANIFEST_LIMITS.hosts + 1).forEach((h: unknown, i) => {
      if (typeof h !== "string" || !isHostId(h))
        bad(
          `/hosts/${i}`,
          `${typeof h === "string" ? `"${clip(h)}"` : "a non-text value"} is not a known host (${HOST_IDS.join(", ")})`,
        );
      else if (out.hosts.includes(h)) bad(`/hosts/${i}`, `"${h}" is listed twice`);
      else out.hosts.push(h);
    });
  const tools = objectEntries(data, "tools", "server → { allow, deny }", bad);
  for (const [server, rules] of tools.slice(0, MANIFEST_LIMITS.connectors)) {
    const at = `/tools/${esc(server)}`;
    if (!SERVER_NAME.test(server)) bad(at, `"${clip(server)}" is not a server name`);
    else if (!isObject(rules)) bad(at, 'must be { "allow": [...], "deny": [...] }');
    else {
      const ok: { allow?: string[]; deny?: string[] } = {};
      unknownKeys(rules, at, ["allow", "deny"], bad);
      for (const list of ["allow", "deny"] as const) {
        const value = rules[list];
        if (value === undefined) continue;
        if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
          bad(`${at}/${list}`, "must be a list of tool names or globs");
          continue;
        }
        try {
          checkPatterns(value as string[]);
          ok[list] = value as string[];
        } catch (error) {
          bad(`${at}/${list}`, (error as Error).message);
        }
      }
      out.tools[server] = ok;
    }
  }
  out.guards = guardTable(data.guards, "/guards", bad);
  const profiles = objectEntries(data, "profiles", "name → { members, guards }", bad);
  for (const [name, value] of profiles.slice(0, MANIFEST_LIMITS.connectors)) {
    const at = `/profiles/${esc(name)}`;
    if (!NAME.test(name) || name === "default") {
      bad(
        at,
        name === "default"
          ? '"default" is every active server, not a profile a project can define'
          : `"${clip(name)}" is not a profile name (lower-case letters, digits, dashes)`,
      );
      continue;
    }
    if (!isObject(value)) {
      bad(at, 'must be { "members": [...], "guards": { … } }');
      continue;
    }
    unknownKeys(value, at, ["members", "guards"], bad);
    const members = value.members;
    if (
      !Array.isArray(members) ||
      members.length === 0 ||
      members.length > MANIFEST_LIMITS.connectors ||
      !members.every((m) => typeof m === "string" && MEMBER.test(m))
    ) {
      bad(`${at}/members`, "must be a non-empty list of server or connector names (`name[@marketplace]`)");
      continue;
    }
    out.profiles[name] = {
      members: [...new Set(members as string[])],
      guards: guardTable(value.guards, `${at}/guards`, bad),
    };
  }
  const grants = objectEntries(data, "grants", "connector → [{ path, access }]", bad);
  for (const [name, list] of grants.slice(0, MANIFEST_LIMITS.connectors)) {
    const at = `/grants/${esc(name)}`;
    if (!NAME.test(name)) bad(at, `"${clip(name)}" is not a connector name`);
    else if (!Object.hasOwn(out.connectors, name))
      bad(at, `"${clip(name)}" is not one of the project's connectors`);
    else if (!Array.isArray(list) || list.length === 0 || list.length > MANIFEST_LIMITS.grants)
      bad(
        at,
        `must be a list of 1 to ${MANIFEST_LIMITS.grants} { "path": "<folder of the project>", "access": "read" }`,
      );
    else {
      const ok: ProjectGrant[] = [];
      list.forEach((g: unknown, i) => {
        const grant = grantOf(g, `${at}/${i}`, bad);
        if (grant && !ok.some((o) => o.path === grant.path)) ok.push(grant);
      });
      out.grants[name] = ok;
    }
  }
  if (problems.length > 0) throw invalid(file, problems);
  return out;
}
