import path from "node:path";
import type { ToolRules } from "../../src/core/tools/tool-rules.js";
import { homePaths } from "./home.js";
import { describe, isJsonObject, readJsonFile, updateJsonFile, type ShapeCheck } from "./json-file.js";

/** $CONNECTORY_HOME/tool-rules.json: per server, the tools it may show (allow) and may not (deny). */
export interface ToolRulesFile {
  version: 1;
  servers: Record<string, ToolRules>;
}

const EMPTY: ToolRulesFile = { version: 1, servers: {} };

export function toolRulesPath(home: string): string {
  return path.join(homePaths(home).home, "tool-rules.json");
}

const isStrings = (v: unknown) =>
  v === undefined || (Array.isArray(v) && v.every((x) => typeof x === "string"));

const checkRules: ShapeCheck = (file) => {
  if (!isJsonObject(file) || file.version !== 1 || !isJsonObject(file.servers))
    return `expected { "version": 1, "servers": { … } }, found ${describe(file)}`;
  for (const [name, rules] of Object.entries(file.servers)) {
    if (!isJsonObject(rules))
      return `server ${JSON.stringify(name)} is ${describe(rules)}, not { allow, deny }`;
    if (!isStrings(rules.allow) || !isStrings(rules.deny))
      return `server ${JSON.stringify(name)}: "allow" and "deny" must be lists of strings`;
  }
  return undefined;
};

/** Reads tool-rules.json; absent → no rules; a damaged file is an error (never reset). */
export async function readToolRules(home: string): Promise<ToolRulesFile> {
  return readJsonFile<ToolRulesFile>(toolRulesPath(home), EMPTY, checkRules);
}

/** Changes one server's rules under the file's lock, written atomically; `undefined` removes them. */
export async function updateServerRules(
  home: string,
  server: string,
  fn: (current: ToolRules | undefined) => ToolRules | undefined,
): Promise<ToolRules | undefined> {
  let result: ToolRules | undefined;
  await updateJsonFile<ToolRulesFile>(
    toolRulesPath(home),
    EMPTY,
    (file) => {
      const servers = { ...file.servers };
      result = fn(Object.hasOwn(servers, server) ? servers[server] : undefined);
      if (result) servers[server] = result;
      else delete servers[server];
      return { version: 1, servers };
    },
    { check: checkRules },
  );
  return result;
}
