import { parseTemplate } from "../templates.js";
import { HOME_KEY, type FilesystemGrant, type Permissions } from "./permissions.js";

/** A host a permissions block may name: `api.example.com`, `*.example.com`, optionally `:port`. */
export const HOST_PATTERN =
  /^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*(:[0-9]{1,5})?$/;

/** The most hosts and grants one block may hold (as plugin.schema.json says). */
export const MAX_ENTRIES = 50;

/**
 * Reads the `permissions` block of a hand-written server in mcp.json (the same shape as plugin.json's,
 * checked here without ajv): `{ "network"?: "none" | "any" | [hosts], "filesystem"?: [{ path, access }] }`.
 * A path is absolute or starts with `${HOME}`, and holds no `..`. Returns what is wrong in words.
 */
export function parsePermissionBlock(value: unknown): { permissions: Permissions } | { invalid: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { invalid: 'permissions must be an object such as { "network": "none" }' };
  const block = value as Record<string, unknown>;
  const extra = Object.keys(block).find((k) => k !== "network" && k !== "filesystem");
  if (extra !== undefined)
    return { invalid: `permissions has an unknown key ${JSON.stringify(extra.slice(0, 40))}` };
  const out: Permissions = {};
  const network = block["network"];
  if (network !== undefined) {
    const hosts = checkNetwork(network);
    if (typeof hosts === "string" && hosts !== "none" && hosts !== "any") return { invalid: hosts };
    out.network = hosts as Permissions["network"];
  }
  const filesystem = block["filesystem"];
  if (filesystem !== undefined) {
    if (!Array.isArray(filesystem) || filesystem.length > MAX_ENTRIES)
      return { invalid: `permissions.filesystem must be a list of at most ${MAX_ENTRIES} grants` };
    const grants: FilesystemGrant[] = [];
    for (const [i, grant] of filesystem.entries()) {
      const problem = checkGrant(grant);
      if (problem) return { invalid: `permissions.filesystem[${i}] ${problem}` };
      grants.push(grant as FilesystemGrant);
    }
    out.filesystem = grants;
  }
  return { permissions: out };
}

/** The network value, or what is wrong with it. */
function checkNetwork(network: unknown): Permissions["network"] | string {
  if (network === "none" || network === "any") return network;
  if (!Array.isArray(network) || network.length === 0 || network.length > MAX_ENTRIES)
    return `permissions.network must be "none", "any" or a list of 1 to ${MAX_ENTRIES} host names`;
  const seen = new Set<string>();
  for (const host of network) {
    if (typeof host !== "string" || host.length > 253 || !HOST_PATTERN.test(host))
      return `permissions.network ${JSON.stringify(String(host).slice(0, 60))} is not a host name such as api.example.com or *.example.com`;
    if (seen.has(host.toLowerCase())) return `permissions.network names ${host} twice`;
    seen.add(host.toLowerCase());
  }
  return network as string[];
}

/** What is wrong with one grant, or undefined. */
function checkGrant(grant: unknown): string | undefined {
  if (typeof grant !== "object" || grant === null || Array.isArray(grant))
    return 'must be { "path", "access": "read" | "read-write" }';
  const g = grant as Record<string, unknown>;
  if (Object.keys(g).some((k) => k !== "path" && k !== "access")) return 'may hold only "path" and "access"';
  if (g["access"] !== "read" && g["access"] !== "read-write") return 'needs "access": "read" or "read-write"';
  return checkPath(g["path"]);
}

/** A grant path: absolute, or `${HOME}/…`; no other template, no `..`. */
export function checkPath(path: unknown): string | undefined {
  if (typeof path !== "string" || path === "" || path.length > 4096) return "needs a path";
  const parsed = parseTemplate(path);
  if ("invalid" in parsed) return parsed.invalid;
  if (parsed.parts.some((p) => "key" in p && p.key !== HOME_KEY))
    return `${JSON.stringify(path)} may use only the template \${HOME}`;
  const first = parsed.parts[0];
  if (!first || ("text" in first && !first.text.startsWith("/")))
    return `${JSON.stringify(path)} is not absolute: start it with "/" or \${HOME}`;
  if (path.split("/").some((s) => s === ".." || s === "."))
    return `${JSON.stringify(path)} contains a "." or ".." segment: name the folder itself`;
  return undefined;
}
