import path from "node:path";
import { layerRules, ownRules, type ToolRules } from "../../src/core/tools/tool-rules.js";
import { homePaths } from "./home.js";
import { describe, readJsonFile, updateJsonFile, type ShapeCheck } from "./json-file.js";
import { withServerEntry, type ServerTablesFile } from "./server-tables.js";
import { isObject } from "../../src/core/json-guards.js";

/**
 * $CONNECTORY_HOME/tool-rules.json: per server, the tools it may show (allow) and may not (deny); per
 * profile, per server, rules that apply only when serving that profile (`gateway --profile`).
 */
export type ToolRulesFile = ServerTablesFile<ToolRules>;

const EMPTY: ToolRulesFile = { version: 1, servers: {} };

export function toolRulesPath(home: string): string {
  return path.join(homePaths(home).home, "tool-rules.json");
}

const isStrings = (v: unknown) =>
  v === undefined || (Array.isArray(v) && v.every((x) => typeof x === "string"));

function checkServers(servers: Record<string, unknown>, where: string): string | undefined {
  for (const [name, rules] of Object.entries(servers)) {
    if (!isObject(rules))
      return `${where}server ${JSON.stringify(name)} is ${describe(rules)}, not { allow, deny }`;
    if (!isStrings(rules.allow) || !isStrings(rules.deny))
      return `${where}server ${JSON.stringify(name)}: "allow" and "deny" must be lists of strings`;
  }
  return undefined;
}

const checkRules: ShapeCheck = (file) => {
  if (!isObject(file) || file.version !== 1 || !isObject(file.servers))
    return `expected { "version": 1, "servers": { … } }, found ${describe(file)}`;
  const servers = checkServers(file.servers, "");
  if (servers) return servers;
  if (file.profiles === undefined) return undefined;
  if (!isObject(file.profiles)) return `"profiles" is ${describe(file.profiles)}, not an object`;
  for (const [profile, rules] of Object.entries(file.profiles)) {
    if (!isObject(rules))
      return `profile ${JSON.stringify(profile)} is ${describe(rules)}, not { server: rules }`;
    const problem = checkServers(rules, `profile ${JSON.stringify(profile)}: `);
    if (problem) return problem;
  }
  return undefined;
};

/**
 * The rules `gateway --profile <profile>` applies to each server: the server's own with the profile's
 * layered on (the default profile has none of its own).
 */
export function rulesFor(file: ToolRulesFile, profile: string | undefined): Record<string, ToolRules> {
  const own =
    profile !== undefined && file.profiles && Object.hasOwn(file.profiles, profile)
      ? file.profiles[profile]
      : undefined;
  if (!own) return file.servers;
  const out: Record<string, ToolRules> = {};
  for (const server of new Set([...Object.keys(file.servers), ...Object.keys(own)])) {
    const layered = layerRules(ownRules(file.servers, server), {
      name: profile as string,
      rules: ownRules(own, server),
    });
    if (layered) out[server] = layered;
  }
  return out;
}

/** Reads tool-rules.json; absent → no rules; a damaged file is an error (never reset). */
export async function readToolRules(home: string): Promise<ToolRulesFile> {
  return readJsonFile<ToolRulesFile>(toolRulesPath(home), EMPTY, checkRules);
}

/**
 * Changes one server's rules (or, with `profile`, that profile's rules for it) under the file's lock,
 * written atomically; `undefined` removes them.
 */
export async function updateServerRules(
  home: string,
  server: string,
  fn: (current: ToolRules | undefined) => ToolRules | undefined,
  profile?: string,
): Promise<ToolRules | undefined> {
  let result: ToolRules | undefined;
  await updateJsonFile<ToolRulesFile>(
    toolRulesPath(home),
    EMPTY,
    (file) =>
      withServerEntry(file, server, profile, (current) => {
        result = fn(current) || undefined;
        return result;
      }),
    { check: checkRules },
  );
  return result;
}
