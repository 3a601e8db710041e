import { parseTemplate } from "../templates.js";

/** What a connector's local servers may reach: plugin.json `permissions` (docs/package-format.md). */
export interface Permissions {
  /** `none` (the default), `any`, or the hosts it may connect to (through the filtering proxy). */
  network?: "none" | "any" | string[];
  filesystem?: FilesystemGrant[];
}

export interface FilesystemGrant {
  /** An absolute path; may start with `${HOME}`, `${PLUGIN_ROOT}` or a credential (`format: directory`). */
  path: string;
  access: "read" | "read-write";
}

/** What a launch needs to sandbox a server: its permissions, its package folder, whose it is. */
export interface SandboxRequest {
  permissions: Permissions;
  pluginRoot?: string;
  /** `<name>@<marketplace>` for a connector (the key `sandbox off` records), else the server name. */
  connector: string;
  /**
   * A hand-written server: the folder of each absolute file path among its command and arguments (its
   * script) is readable, unless that folder is the home or holds it.
   */
  scriptFolders?: boolean;
}

/** The templates a permission path may use besides the connector's credentials. */
export const HOME_KEY = "HOME";

/** Fills the templates of every path from `values`; a key without a value throws. */
export function renderPermissions(perms: Permissions, values: Record<string, string>): Permissions {
  const filesystem = (perms.filesystem ?? []).map((g) => ({ ...g, path: renderPath(g.path, values) }));
  return { network: perms.network ?? "none", filesystem };
}

function renderPath(value: string, values: Record<string, string>): string {
  const parsed = parseTemplate(value);
  if ("invalid" in parsed) throw new Error(parsed.invalid);
  return parsed.parts
    .map((p) => {
      if ("text" in p) return p.text;
      const v = values[p.key];
      if (v === undefined || v === "")
        throw new Error(`the permission path ${value} needs \${${p.key}}, which is not set`);
      return v;
    })
    .join("");
}

/** The permissions in plain words, one line each; "unrestricted" when none are declared. */
export function describePermissions(perms: Permissions | undefined): string[] {
  if (!perms) return ["unrestricted: runs with your files and network, like any program you start"];
  const net = perms.network ?? "none";
  const lines = [
    net === "none"
      ? "network: none"
      : net === "any"
        ? "network: any host"
        : `network: only ${net.join(", ")}`,
  ];
  const grants = perms.filesystem ?? [];
  if (grants.length === 0) lines.push("files: none of yours (system files read-only, a private /tmp)");
  for (const g of grants) lines.push(`files: ${g.access === "read" ? "read" : "read and write"} ${g.path}`);
  return lines;
}

/** True when `next` reaches anything `prev` did not (an update that must be accepted again). */
export function widens(prev: Permissions | undefined, next: Permissions | undefined): boolean {
  if (!next) return prev !== undefined;
  if (!prev) return false;
  const rank = (n: Permissions["network"]) => (n === undefined || n === "none" ? 0 : n === "any" ? 2 : 1);
  const pn = prev.network ?? "none";
  const nn = next.network ?? "none";
  if (rank(nn) > rank(pn)) return true;
  if (Array.isArray(nn) && Array.isArray(pn) && nn.some((h) => !pn.includes(h))) return true;
  const granted = (p: string, a: FilesystemGrant["access"]) =>
    (prev.filesystem ?? []).some(
      (g) => (p === g.path || p.startsWith(`${g.path}/`)) && (g.access === "read-write" || a === "read"),
    );
  return (next.filesystem ?? []).some((g) => !granted(g.path, g.access));
}

/** What installed.json records as accepted: the declared block, or "unrestricted" when there is none. */
export type AcceptedPermissions = Permissions | "unrestricted";

/** True when `declared` reaches further than what the user accepted (`widens`, with "unrestricted"). */
export function reachesFurther(accepted: AcceptedPermissions, declared: Permissions | undefined): boolean {
  return widens(accepted === "unrestricted" ? undefined : accepted, declared);
}
