import { parseTemplate } from "../templates.js";
import { HOME_KEY, type FilesystemGrant, type Permissions } from "./permissions.js";

/** A host a permissions block may name: `api.example.com`, `*.example.com`, optionally `:port`. */
export const HOST_PATTERN =
  /^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*(:[0-9]{1,5})?$/;

/** The most hosts and grants one block may hold (as plugin.schema.json says). */
export const MAX_ENTRIES = 50;

/** What is wrong with a block, by a stable code with its values (the CLI says it from its tables). */
export interface PermissionProblem {
  code:
    | "not-object"
    | "unknown-key"
    | "network"
    | "network-host"
    | "network-twice"
    | "filesystem"
    | "grant-shape"
    | "grant-keys"
    | "grant-access"
    | "path-missing"
    | "path-template"
    | "path-only-home"
    | "path-relative"
    | "path-dot";
  params: Record<string, string>;
  /** In English. */
  message: string;
}

const problem = (
  code: PermissionProblem["code"],
  message: string,
  params: Record<string, string> = {},
): PermissionProblem => ({ code, params, message });

/**
 * Reads the `permissions` block of a hand-written server in mcp.json (the same shape as plugin.json's,
 * checked here without ajv): `{ "network"?: "none" | "any" | [hosts], "filesystem"?: [{ path, access }] }`.
 * A path is absolute or starts with `${HOME}`, and holds no `..`. Returns what is wrong in words
 * (`invalid`) and by code (`problem`).
 */
export function parsePermissionBlock(
  value: unknown,
): { permissions: Permissions } | { invalid: string; problem: PermissionProblem } {
  const refuse = (p: PermissionProblem) => ({ invalid: p.message, problem: p });
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return refuse(problem("not-object", 'permissions must be an object such as { "network": "none" }'));
  const block = value as Record<string, unknown>;
  const extra = Object.keys(block).find((k) => k !== "network" && k !== "filesystem");
  if (extra !== undefined) {
    const key = JSON.stringify(extra.slice(0, 40));
    return refuse(problem("unknown-key", `permissions has an unknown key ${key}`, { key }));
  }
  const out: Permissions = {};
  const network = block["network"];
  if (network !== undefined) {
    const hosts = checkNetwork(network);
    if (!Array.isArray(hosts) && typeof hosts === "object") return refuse(hosts);
    out.network = hosts;
  }
  const filesystem = block["filesystem"];
  if (filesystem !== undefined) {
    if (!Array.isArray(filesystem) || filesystem.length > MAX_ENTRIES)
      return refuse(
        problem("filesystem", `permissions.filesystem must be a list of at most ${MAX_ENTRIES} grants`, {
          max: String(MAX_ENTRIES),
        }),
      );
    const grants: FilesystemGrant[] = [];
    for (const [i, grant] of filesystem.entries()) {
      const wrong = checkGrant(grant);
      if (wrong)
        return refuse({
          ...wrong,
          params: { ...wrong.params, at: `permissions.filesystem[${i}]` },
          message: `permissions.filesystem[${i}] ${wrong.message}`,
        });
      grants.push(grant as FilesystemGrant);
    }
    out.filesystem = grants;
  }
  return { permissions: out };
}

/** The network value, or what is wrong with it. */
function checkNetwork(network: unknown): NonNullable<Permissions["network"]> | PermissionProblem {
  if (network === "none" || network === "any") return network;
  if (!Array.isArray(network) || network.length === 0 || network.length > MAX_ENTRIES)
    return problem(
      "network",
      `permissions.network must be "none", "any" or a list of 1 to ${MAX_ENTRIES} host names`,
      { max: String(MAX_ENTRIES) },
    );
  const seen = new Set<string>();
  for (const host of network) {
    if (typeof host !== "string" || host.length > 253 || !HOST_PATTERN.test(host)) {
      const shown = JSON.stringify(String(host).slice(0, 60));
      return problem(
        "network-host",
        `permissions.network ${shown} is not a host name such as api.example.com or *.example.com`,
        { host: shown },
      );
    }
    if (seen.has(host.toLowerCase()))
      return problem("network-twice", `permissions.network names ${host} twice`, { host });
    seen.add(host.toLowerCase());
  }
  return network as string[];
}

/** What is wrong with one grant, or undefined. */
function checkGrant(grant: unknown): PermissionProblem | undefined {
  if (typeof grant !== "object" || grant === null || Array.isArray(grant))
    return problem("grant-shape", 'must be { "path", "access": "read" | "read-write" }');
  const g = grant as Record<string, unknown>;
  if (Object.keys(g).some((k) => k !== "path" && k !== "access"))
    return problem("grant-keys", 'may hold only "path" and "access"');
  if (g["access"] !== "read" && g["access"] !== "read-write")
    return problem("grant-access", 'needs "access": "read" or "read-write"');
  return checkPath(g["path"]);
}

/** A grant path: absolute, or `${HOME}/…`; no other template, no `..`. */
function checkPath(path: unknown): PermissionProblem | undefined {
  if (typeof path !== "string" || path === "" || path.length > 4096)
    return problem("path-missing", "needs a path");
  const parsed = parseTemplate(path);
  const shown = JSON.stringify(path);
  if ("invalid" in parsed) return problem("path-template", parsed.invalid, { path: shown });
  if (parsed.parts.some((p) => "key" in p && p.key !== HOME_KEY))
    return problem("path-only-home", `${shown} may use only the template \${HOME}`, { path: shown });
  const first = parsed.parts[0];
  if (!first || ("text" in first && !first.text.startsWith("/")))
    return problem("path-relative", `${shown} is not absolute: start it with "/" or \${HOME}`, {
      path: shown,
    });
  if (path.split("/").some((s) => s === ".." || s === "."))
    return problem("path-dot", `${shown} contains a "." or ".." segment: name the folder itself`, {
      path: shown,
    });
  return undefined;
}
