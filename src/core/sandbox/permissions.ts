import type { Language } from "../text/language.js";
import { parseTemplate, PLUGIN_ROOT as PLUGIN_ROOT_KEY } from "../templates.js";
import { cleanGrantPath, holds } from "./grant-paths.js";

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
  /** Set when rendered: the credentials whose values the path holds (checked as not literal at launch). */
  via?: string[];
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

/**
 * A permission path that cannot be filled, by kind, with the credential and the path it is about (the
 * CLI says it from its tables; the message is the English).
 */
export class PermissionPathError extends Error {
  constructor(
    readonly kind: "unset" | "holds-template",
    readonly key: string,
    readonly grantPath: string,
    message: string,
  ) {
    super(message);
    this.name = "PermissionPathError";
  }
}

/** The templates a permission path may use besides the connector's credentials. */
export const HOME_KEY = "HOME";

/**
 * Fills the templates of every path from `values`; a key without a value, or a value holding a template,
 * throws. Each grant keeps which credentials it used (`via`): the launch checks those paths harder.
 */
export function renderPermissions(perms: Permissions, values: Record<string, string>): Permissions {
  const filesystem = (perms.filesystem ?? []).map((g) => renderGrant(g, values));
  return { network: perms.network ?? "none", filesystem };
}

function renderGrant(grant: FilesystemGrant, values: Record<string, string>): FilesystemGrant {
  const parsed = parseTemplate(grant.path);
  if ("invalid" in parsed) throw new Error(parsed.invalid);
  const via = new Set(grant.via ?? []);
  const path = parsed.parts
    .map((p) => {
      if ("text" in p) return p.text;
      const v = values[p.key];
      if (v === undefined || v === "")
        throw new PermissionPathError(
          "unset",
          p.key,
          grant.path,
          `the permission path ${grant.path} needs \${${p.key}}, which is not set`,
        );
      // A value is pasted as text, never read as a template again (a default of "\${HOME}" is not the home).
      if (p.key !== HOME_KEY && p.key !== PLUGIN_ROOT_KEY && v.includes("${"))
        throw new PermissionPathError(
          "holds-template",
          p.key,
          grant.path,
          `the value of ${p.key}, used in the permission path ${grant.path}, holds "\${"`,
        );
      if (p.key !== HOME_KEY && p.key !== PLUGIN_ROOT_KEY) via.add(p.key);
      return v;
    })
    .join("");
  return { path, access: grant.access, ...(via.size > 0 ? { via: [...via] } : {}) };
}

/** The words describePermissions uses, in one language (permissionWords). */
export interface PermissionWords {
  unrestricted: string;
  networkNone: string;
  networkAny: string;
  networkOnly: (hosts: string) => string;
  filesNone: string;
  filesRead: (path: string) => string;
  filesReadWrite: (path: string) => string;
}

/** English: what the CLI prints and every `--json` carries. */
export const PERMISSION_WORDS: PermissionWords = {
  unrestricted: "unrestricted: runs with your files and network, like any program you start",
  networkNone: "network: none",
  networkAny: "network: any host, and the machine's local sockets (X11, D-Bus: it shares the host's network)",
  networkOnly: (hosts) => `network: only ${hosts}`,
  filesNone: "files: none of yours (system files read-only, a private /tmp)",
  filesRead: (path) => `files: read ${path}`,
  filesReadWrite: (path) => `files: read and write ${path}`,
};

/** The same words in Simplified Chinese: the web page and the CLI's text in Chinese. */
const PERMISSION_WORDS_ZH: PermissionWords = {
  unrestricted: "不受限制：像你启动的任何程序一样，可访问你的文件和网络",
  networkNone: "网络：无",
  networkAny: "网络：任意主机，以及本机的本地套接字（X11、D-Bus：它共享主机的网络）",
  networkOnly: (hosts) => `网络：仅 ${hosts}`,
  filesNone: "文件：不可访问你的文件（系统文件只读，私有的 /tmp）",
  filesRead: (path) => `文件：读取 ${path}`,
  filesReadWrite: (path) => `文件：读写 ${path}`,
};

/** The permission words of a language (`--json` always carries the English ones). */
export function permissionWords(lang: Language): PermissionWords {
  return lang === "zh-CN" ? PERMISSION_WORDS_ZH : PERMISSION_WORDS;
}

/** The permissions in plain words, one line each; "unrestricted" when none are declared. */
export function describePermissions(
  perms: Permissions | undefined,
  words: PermissionWords = PERMISSION_WORDS,
): string[] {
  if (!perms) return [words.unrestricted];
  const net = perms.network ?? "none";
  const lines = [
    net === "none" ? words.networkNone : net === "any" ? words.networkAny : words.networkOnly(net.join(", ")),
  ];
  const grants = perms.filesystem ?? [];
  if (grants.length === 0) lines.push(words.filesNone);
  for (const g of grants)
    lines.push(g.access === "read" ? words.filesRead(g.path) : words.filesReadWrite(g.path));
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
  // Compared in their one spelling; a path that has none (a ".." in it) reaches who knows where.
  const clean = (p: string) => {
    const c = cleanGrantPath(p);
    return "path" in c ? c.path : undefined;
  };
  const granted = (p: string | undefined, a: FilesystemGrant["access"]) =>
    p !== undefined &&
    (prev.filesystem ?? []).some((g) => {
      const q = clean(g.path);
      return q !== undefined && holds(q, p) && (g.access === "read-write" || a === "read");
    });
  return (next.filesystem ?? []).some((g) => !granted(clean(g.path), g.access));
}

/** What installed.json records as accepted: the declared block, or "unrestricted" when there is none. */
export type AcceptedPermissions = Permissions | "unrestricted";

/** True when `declared` reaches further than what the user accepted (`widens`, with "unrestricted"). */
export function reachesFurther(accepted: AcceptedPermissions, declared: Permissions | undefined): boolean {
  return widens(accepted === "unrestricted" ? undefined : accepted, declared);
}
