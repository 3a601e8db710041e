import { isObject } from "../json-guards.js";
import type { PackageFiles, PluginManifest, Problem, ServerSet, Skill, TokenSchema } from "../types.js";
import { checkDocker } from "./check-docker.js";
import { checkPermissions } from "./check-permissions.js";
import { checkTemplates } from "./check-templates.js";
import { checkDisplayLimits } from "./display-limits.js";
import { checkLoaderEnv } from "./check-loader-env.js";
import { checkIcon } from "./icon.js";
import { readLocalizedReadmes } from "./i18n.js";
import { hiddenTextProblem, hiddenTextProblems } from "./hidden-text.js";
import { decodeText, readJson, readText } from "./json-file.js";
import { checkLimits } from "./limits.js";
import { commandPathProblems, validateServerSet } from "./mcp-config.js";
import { validateManifest } from "./plugin-manifest.js";
import { validateSkills } from "./skills.js";
import { validateTokenSchema } from "./token-schema.js";

/** A package read well enough to show: what validatePackage found. */
export interface ConnectorPackage {
  manifest: PluginManifest;
  servers: ServerSet;
  tokenSchema?: TokenSchema;
  skills: Skill[];
  readme?: string;
  /** Translated READMEs by language tag (plugin.json `i18n.<lang>.readme`). */
  readmes?: Record<string, string>;
  icon?: { path: string; mediaType: string };
}

/** ok: no errors (with strict, no warnings either). package: present whenever it could be built. */
export interface PackageReport {
  ok: boolean;
  problems: Problem[];
  package?: ConnectorPackage;
}

/**
 * Warnings that `--strict` does not turn into failures: the format allows them outright, and a package that
 * does what the format allows must pass `validate --strict`: a tushare-like URL token, and a `docker run`
 * that mounts a folder (Docker's own catalog does; the flag is shown wherever the launch is, and
 * docs/security.md says what it means). They stay in `problems`.
 */
export const STRICT_EXEMPT: ReadonlySet<string> = new Set([
  "template.secret-in-url",
  "mcp.server.docker.mount",
]);

const SCHEMA_FREE_RULES = new Set(["template.invalid", "template.command", "template.not-allowed"]);

/** Validate a connector package (docs/package-format.md): every problem at once, sorted by file then path. */
export function validatePackage(files: PackageFiles, options: { strict?: boolean } = {}): PackageReport {
  const problems: Problem[] = [...checkLimits(files)];

  const manifestJson = readJson(files, "plugin.json", "manifest", true, problems);
  const manifest = manifestJson.found ? validateManifest(manifestJson.value) : undefined;
  problems.push(...(manifest?.problems ?? []));
  if (manifestJson.found) {
    // A field the manifest rules already refuse for its controls is reported once.
    const controls = new Set(
      manifest?.problems.filter((p) => p.code.endsWith(".control")).map((p) => p.path),
    );
    problems.push(
      ...hiddenTextProblems(manifestJson.value, "plugin.json", "manifest").filter(
        (p) => !controls.has(p.path),
      ),
    );
  }

  const mcpJson = readJson(files, "mcp.json", "mcp", true, problems);
  const servers = mcpJson.found ? validateServerSet(mcpJson.value) : undefined;
  problems.push(...(servers?.problems ?? []));
  if (servers) problems.push(...commandPathProblems(servers.servers));

  const schemaJson = readJson(files, "token-schema.json", "token-schema", false, problems);
  const tokenSchema = schemaJson.found ? validateTokenSchema(schemaJson.value) : undefined;
  problems.push(...(tokenSchema?.problems ?? []));
  problems.push(...checkDisplayLimits(files, tokenSchema?.schema));
  // Titles and descriptions are printed in the install prompt: no control or hidden character.
  if (schemaJson.found)
    problems.push(...hiddenTextProblems(schemaJson.value, "token-schema.json", "token-schema"));

  const skills = validateSkills(files);
  problems.push(...skills.problems);
  if (servers && mcpJson.found) {
    // A skills-only connector (no server, at least one skill) is allowed: docs/package-format.md.
    const skillsOnly = [...files.keys()].some((p) => /^skills\/[^/]+\/SKILL\.md$/.test(p));
    // A listing-only connector (plugin.json `listingOnly`) has no servers by definition.
    const listingOnly =
      manifestJson.found && isObject(manifestJson.value) && manifestJson.value["listingOnly"] !== undefined;
    const none = Object.keys(servers.servers).length === 0;
    if (listingOnly && !none)
      problems.push({
        code: "manifest.listingOnly.servers",
        severity: "error",
        file: "mcp.json",
        path: "",
        message:
          'a listing-only connector (plugin.json "listingOnly") declares no servers: remove them, or remove "listingOnly"',
      });
    if (none && !skillsOnly && !listingOnly && !servers.problems.some((p) => p.severity === "error")) {
      problems.push({
        code: "mcp.servers.empty",
        severity: "error",
        file: "mcp.json",
        path: "",
        message:
          'mcp.json declares no servers: add one under "mcpServers" (only a package with skills may have none)',
      });
    }
    // With an unsound token-schema.json only the rules that need no declarations are kept, to avoid echoes.
    const base =
      typeof mcpJson.value === "object" && mcpJson.value !== null && "mcpServers" in mcpJson.value
        ? "/mcpServers"
        : "";
    const sound = !files.has("token-schema.json") || tokenSchema?.schema !== undefined;
    const templates = checkTemplates(servers.servers, tokenSchema?.schema, base);
    problems.push(...(sound ? templates : templates.filter((p) => SCHEMA_FREE_RULES.has(p.code))));
    problems.push(...checkLoaderEnv(servers.servers, base));
    problems.push(...checkDocker(servers.servers, base));
  }

  if (manifestJson.found && typeof manifestJson.value === "object" && manifestJson.value !== null)
    problems.push(
      ...checkPermissions(
        (manifestJson.value as Record<string, unknown>)["permissions"],
        tokenSchema?.schema,
      ),
    );

  for (const skill of skills.skills) {
    const text = decodeText(files.get(skill.path) ?? new Uint8Array());
    const problem = text === undefined ? undefined : hiddenTextProblem(text, skill.path, "skill", "");
    if (problem) problems.push(problem);
  }
  const readme = readText(files, "README.md", "readme", false, problems);
  const readmes = readLocalizedReadmes(files, manifest?.manifest, problems);
  const icon = checkIcon(files, manifest?.manifest?.icon);
  problems.push(...icon.problems);

  problems.sort(
    (a, b) => a.file.localeCompare(b.file) || a.path.localeCompare(b.path) || a.code.localeCompare(b.code),
  );
  const failing = problems.filter(
    (p) => p.severity === "error" || (options.strict === true && !STRICT_EXEMPT.has(p.code)),
  );
  const report: PackageReport = { ok: failing.length === 0, problems };
  if (manifest?.manifest && servers) {
    report.package = {
      manifest: manifest.manifest,
      servers: servers.servers,
      ...(tokenSchema?.schema ? { tokenSchema: tokenSchema.schema } : {}),
      skills: skills.skills,
      ...(readme !== undefined ? { readme } : {}),
      ...(readmes ? { readmes } : {}),
      ...(icon.icon ? { icon: icon.icon } : {}),
    };
  }
  return report;
}
