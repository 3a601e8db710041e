import { parseTemplate, PLUGIN_ROOT } from "../templates.js";
import type { TokenSchema } from "../types.js";
import { HOME_KEY, type FilesystemGrant, type Permissions } from "./permissions.js";

// One owner for what a sandbox may mount (docs/security.md §"Grant paths"): every grant, every folder of
// a server's command or script, before it is shown, recorded, compared or mounted. Pure: the caller
// resolves links (realpath) and checks the real path here again.

/** The places no grant may be or hold unless its author wrote exactly that path. */
export interface GrantPlaces {
  /** The user's home. */
  home: string;
  /** $CONNECTORY_HOME: credentials of every connector live there. */
  connectoryHome?: string;
  /** The connector's own folder (inside CONNECTORY_HOME, and granted anyway). */
  pluginRoot?: string;
}

/**
 * A grant path in its one spelling: absolute, `//` and a trailing `/` folded; or what is wrong with it
 * (relative, a `.` or `..` segment, a control character). A leading `${HOME}`/`${PLUGIN_ROOT}`/`${KEY}`
 * counts as absolute (the consent view keeps them).
 */
export function cleanGrantPath(value: string): { path: string } | { invalid: string } {
  const shown = JSON.stringify(value.slice(0, 200));
  if (value === "") return { invalid: "is empty" };
  if (/[\u0000-\u001f\u007f]/.test(value)) return { invalid: `${shown} holds a control character` };
  if (!value.startsWith("/") && !value.startsWith("${"))
    return { invalid: `${shown} is not absolute: start it with "/" or a template such as \${HOME}` };
  const segments = value.split("/").filter((s) => s !== "");
  if (segments.some((s) => s === "." || s === ".."))
    return { invalid: `${shown} contains a "." or ".." segment: name the folder itself` };
  return { path: value.startsWith("/") ? `/${segments.join("/")}` : segments.join("/") };
}

/** `outer` is `inner` or a folder holding it. */
export function holds(outer: string, inner: string): boolean {
  return outer === "/" || inner === outer || inner.startsWith(`${outer}/`);
}

/**
 * What is wrong with mounting `path` (clean and absolute), or undefined: `/`, the home, a folder holding
 * it, CONNECTORY_HOME, a folder holding it or anything inside it but the connector's own folder. A path
 * its author wrote literally (no credential in it, no link on the way) may be any of those but the
 * Connectory home's inside: the consent showed it as it is.
 */
export function grantReachProblem(path: string, places: GrantPlaces, literal: boolean): string | undefined {
  const { home, connectoryHome, pluginRoot } = places;
  if (connectoryHome && holds(connectoryHome, path) && path !== connectoryHome)
    if (!pluginRoot || !holds(pluginRoot, path))
      return `${path} is inside the Connectory home (${connectoryHome}), which holds every connector's credentials`;
  if (literal) return undefined;
  if (path === "/") return "/ is the whole machine";
  if (holds(path, home)) return `${path} is ${path === home ? "" : "a folder holding "}your home (${home})`;
  if (connectoryHome && holds(path, connectoryHome))
    return `${path} ${path === connectoryHome ? "is" : "holds"} the Connectory home (${connectoryHome})`;
  return undefined;
}

/** The credential keys a grant path uses (not `${HOME}`, not `${PLUGIN_ROOT}`). */
export function credentialKeys(value: string): string[] {
  const parsed = parseTemplate(value);
  if ("invalid" in parsed) return [];
  return parsed.parts.flatMap((p) =>
    "key" in p && p.key !== HOME_KEY && p.key !== PLUGIN_ROOT ? [p.key] : [],
  );
}

/**
 * What a user consents to, records and compares (installed.json `permissions`): the declared paths with
 * every credential that has a default filled by it, `${HOME}`, `${PLUGIN_ROOT}` and credentials without a
 * default kept as templates, each path cleaned. So an update that only changes the default of a key a path
 * uses changes this view, and `widens()` sees it. Throws with the grant's problem in words.
 */
export function consentView(perms: Permissions, schema: TokenSchema | undefined): Permissions {
  const filesystem = (perms.filesystem ?? []).map((g, i): FilesystemGrant => {
    const parsed = parseTemplate(g.path);
    if ("invalid" in parsed) throw new Error(`permissions.filesystem[${i}]: ${parsed.invalid}`);
    const filled = parsed.parts
      .map((p) => {
        if ("text" in p) return p.text;
        const fallback = schema?.properties[p.key]?.default;
        if (p.key === HOME_KEY || p.key === PLUGIN_ROOT || typeof fallback !== "string")
          return `\${${p.key}}`;
        if (fallback.includes("${"))
          throw new Error(`permissions.filesystem[${i}]: the default of ${p.key} holds a template`);
        return fallback;
      })
      .join("");
    const clean = cleanGrantPath(filled);
    if ("invalid" in clean) throw new Error(`permissions.filesystem[${i}] ${clean.invalid}`);
    return { path: clean.path, access: g.access };
  });
  return {
    ...(perms.network !== undefined ? { network: perms.network } : {}),
    ...(perms.filesystem ? { filesystem } : {}),
  };
}
