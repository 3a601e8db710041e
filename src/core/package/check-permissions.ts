import { cleanGrantPath, credentialKeys } from "../sandbox/grant-paths.js";
import { HOME_KEY } from "../sandbox/permissions.js";
import { parseTemplate, PLUGIN_ROOT } from "../templates.js";
import type { Problem, TokenSchema } from "../types.js";
import { error, warning } from "./problems.js";

const FILE = "plugin.json";

/**
 * The checks the JSON Schema cannot make: each path is absolute once its templates are filled, uses
 * only declared templates, and has no `..`.
 */
export function checkPermissions(json: unknown, tokenSchema: TokenSchema | undefined): Problem[] {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return [];
  const perms = json as Record<string, unknown>;
  const problems: Problem[] = [];
  const network = perms["network"];
  if (typeof network === "string" && network !== "none" && network !== "any")
    problems.push(
      error(
        "manifest.permissions.network.unknown",
        FILE,
        "/permissions/network",
        `permissions.network ${JSON.stringify(network.slice(0, 60))} must be "none", "any" or a list of host names such as ["api.example.com"]`,
      ),
    );
  const grants = Array.isArray(perms["filesystem"]) ? (perms["filesystem"] as unknown[]) : [];
  const declared = new Set([HOME_KEY, PLUGIN_ROOT, ...Object.keys(tokenSchema?.properties ?? {})]);
  grants.forEach((grant, i) => {
    const value = (grant as { path?: unknown } | null)?.path;
    if (typeof value !== "string") return;
    const at = `/permissions/filesystem/${i}/path`;
    const parsed = parseTemplate(value);
    if ("invalid" in parsed) {
      problems.push(error("manifest.permissions.path.template", FILE, at, parsed.invalid));
      return;
    }
    for (const part of parsed.parts) {
      if ("key" in part && !declared.has(part.key))
        problems.push(
          error(
            "manifest.permissions.path.template",
            FILE,
            at,
            `\${${part.key}} is not declared: use \${HOME}, \${PLUGIN_ROOT} or a key of token-schema.json`,
          ),
        );
    }
    const first = parsed.parts[0];
    if (!first || ("text" in first && !first.text.startsWith("/")))
      problems.push(
        error(
          "manifest.permissions.path.relative",
          FILE,
          at,
          `${JSON.stringify(value)} is not absolute: start it with "/" or a template such as \${HOME}`,
        ),
      );
    if (value.split("/").some((s) => s === ".." || s === "."))
      problems.push(
        error(
          "manifest.permissions.path.traversal",
          FILE,
          at,
          `${JSON.stringify(value)} contains a "." or ".." segment: name the folder itself`,
        ),
      );
    for (const key of new Set(credentialKeys(value))) {
      const problem = defaultProblem(tokenSchema?.properties[key]?.default);
      if (problem)
        problems.push(
          error(
            "manifest.permissions.path.default",
            "token-schema.json",
            `/properties/${key}/default`,
            `${key} is used in the sandbox grant ${JSON.stringify(value)}, and its default ${problem}: give a clean absolute folder such as "/srv/notes", or no default`,
          ),
        );
    }
  });
  return problems;
}

/**
 * What is wrong with the default of a credential a grant path uses (the consent shows it, and a user who
 * never sets the key gets it): it must be a clean absolute folder, not `/`, with no template in it.
 */
function defaultProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") return "is not a string";
  const clean = cleanGrantPath(value);
  if ("invalid" in clean || value.includes("${") || !value.startsWith("/"))
    return `${JSON.stringify(value.slice(0, 100))} is not a clean absolute path`;
  if (clean.path !== value)
    return `${JSON.stringify(value.slice(0, 100))} is not in its clean spelling (${clean.path})`;
  if (value === "/") return "is / (the whole machine)";
  return undefined;
}
