import type { Problem } from "../types.js";
import { isObject } from "../json-guards.js";
import { error, pointer } from "./problems.js";

// mcp.json's format version (docs/package-format.md, "mcp.json 2"): 1 when absent. Version 2 adds keys
// that an older Connectory would drop silently (alternatives, a local HTTP transport, an MCPB launch), so a
// file that uses them must say it is version 2: an older reader then at least knows it reads a newer file.

/** The newest mcp.json format this code reads. */
export const MCP_JSON_VERSION = 2;

/** Keys a stdio server takes only in mcp.json 2. */
export const V2_STDIO_KEYS = ["transport", "package", "inputNames", "alternatives"] as const;
/** Keys a remote server takes only in mcp.json 2. */
export const V2_REMOTE_KEYS = ["inputNames", "alternatives"] as const;

const V2_KEYS: readonly string[] = [...V2_STDIO_KEYS];

/** The document's `schemaVersion` (1 when absent) and the problem with it, if any. */
export function versionProblems(
  json: Record<string, unknown>,
  file: string,
): { version: number; problems: Problem[] } {
  const value = json["schemaVersion"];
  if (value === undefined) return { version: 1, problems: [] };
  if (value === 1 || value === MCP_JSON_VERSION) return { version: value, problems: [] };
  const newer = typeof value === "number" && Number.isInteger(value) && value > MCP_JSON_VERSION;
  return {
    version: newer ? value : 1,
    problems: [
      error(
        newer ? "mcp.schema-version.unsupported" : "mcp.schema-version.invalid",
        file,
        "/schemaVersion",
        newer
          ? `mcp.json is format ${String(value)}, newer than this Connectory reads (${MCP_JSON_VERSION}): update Connectory (npm install -g connectory)`
          : `"schemaVersion" must be 1 or ${MCP_JSON_VERSION} (got ${JSON.stringify(value)?.slice(0, 40)})`,
      ),
    ],
  };
}

/** A server (or one of its alternatives) that uses a version-2 key in a file that does not declare version 2. */
export function v2Problems(
  server: Record<string, unknown>,
  at: string,
  file: string,
  version: number,
): Problem[] {
  if (version >= 2) return [];
  const used = Object.keys(server).filter((k) => V2_KEYS.includes(k));
  return used.map((key) =>
    error(
      "mcp.schema-version.required",
      file,
      pointer(at, key),
      `"${key}" is part of mcp.json 2: add "schemaVersion": 2 at the top of mcp.json`,
    ),
  );
}

/** Whether a parsed mcp.json document declares a version this code cannot read. */
export function isNewerFormat(json: unknown): boolean {
  return (
    isObject(json) && typeof json["schemaVersion"] === "number" && json["schemaVersion"] > MCP_JSON_VERSION
  );
}

/** Whether a server (or an alternative) uses a key only mcp.json 2 has. */
export function usesVersion2(server: object): boolean {
  return Object.keys(server).some((k) => V2_KEYS.includes(k));
}
