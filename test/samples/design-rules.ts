/**
 * An independent reading of docs/package-format.md for the samples: the published JSON Schemas (schemas/*.json)
 * plus the cross-file rules a schema cannot express (templates, skills, icon, folder name). It
 * cross-checks validatePackage rather than reusing it, so one mistake cannot hide in both.
 */
import fs from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse as parseYaml } from "yaml";
import type { PackageFiles } from "../../src/core/types.js";
import { ROOT } from "../helpers/cli.js";

const TEMPLATE = /\$\{([^}]*)\}/g;

/** ajv for draft 2020-12, strict, with the registered `secret` keyword (as docs/package-format.md requires). */
export function designAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats.default(ajv);
  ajv.addKeyword({ keyword: "secret", schemaType: "boolean" });
  // Issue 18: a credential that is a folder the user chooses (a permission path may name it).
  ajv.addFormat("directory", /^(\/|[A-Za-z]:[\\/])/);
  for (const file of ["plugin", "mcp", "token-schema"]) {
    ajv.addSchema(JSON.parse(fs.readFileSync(path.join(ROOT, `schemas/${file}.schema.json`), "utf8")));
  }
  return ajv;
}

const ajv = designAjv();
const text = (files: PackageFiles, name: string): string | undefined => {
  const bytes = files.get(name);
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
};

function json(files: PackageFiles, name: string, problems: string[]): any {
  const source = text(files, name);
  if (source === undefined) return undefined;
  try {
    return JSON.parse(source);
  } catch (error) {
    problems.push(`${name}: invalid JSON (${(error as Error).message})`);
    return undefined;
  }
}

function schemaProblems(file: string, schemaId: string, value: unknown): string[] {
  const validate = ajv.getSchema(`https://connectory.dev/schemas/${schemaId}`);
  if (validate === undefined) return [`schemas/${schemaId} is missing`];
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${file}${e.instancePath}: ${e.message}`);
}

/** Every `${KEY}` in a server, by where it appears (`command` separately: only PLUGIN_ROOT is allowed there). */
function templatesOf(server: Record<string, any>): {
  command: string[];
  values: string[];
  misplaced: string[];
} {
  const keys = (s: unknown): string[] =>
    typeof s === "string" ? [...s.matchAll(TEMPLATE)].map((m) => m[1]!) : [];
  const values = [
    ...(server.args ?? []).flatMap(keys),
    ...Object.values(server.env ?? {}).flatMap(keys),
    ...keys(server.cwd),
    ...keys(server.url),
    ...Object.values(server.headers ?? {}).flatMap(keys),
  ];
  const misplaced = [...Object.keys(server.env ?? {}), ...Object.keys(server.headers ?? {})].flatMap(keys);
  return { command: keys(server.command), values, misplaced };
}

/** Problems with one sample folder's files, as readable strings; [] when it follows docs/package-format.md. */
export function checkSample(folder: string, files: PackageFiles): string[] {
  const problems: string[] = [];
  const manifest = json(files, "plugin.json", problems);
  const mcp = json(files, "mcp.json", problems);
  const tokenSchema = json(files, "token-schema.json", problems);
  if (manifest === undefined) problems.push("plugin.json is missing");
  if (mcp === undefined) problems.push("mcp.json is missing");
  if (problems.length > 0) return problems;

  problems.push(...schemaProblems("plugin.json", "plugin.schema.json", manifest));
  problems.push(...schemaProblems("mcp.json", "mcp.schema.json", mcp));
  if (manifest.name !== folder)
    problems.push(`plugin.json: name ${manifest.name} differs from folder ${folder}`);
  if (manifest.publisher !== "connectory-samples")
    problems.push("plugin.json: publisher is not connectory-samples");
  for (const key of ["displayName", "license", "homepage", "keywords", "categories"]) {
    if (manifest[key] === undefined) problems.push(`plugin.json: a sample should set ${key}`);
  }
  if (manifest.icon !== undefined && !files.has(manifest.icon))
    problems.push(`icon ${manifest.icon} is missing`);
  if (!(text(files, "README.md") ?? "").trim()) problems.push("README.md is missing or empty");

  const declared = new Set<string>();
  if (tokenSchema !== undefined) {
    problems.push(...schemaProblems("token-schema.json", "token-schema.schema.json", tokenSchema));
    try {
      const validate = ajv.compile(tokenSchema);
      for (const [key, property] of Object.entries<any>(tokenSchema.properties ?? {})) {
        declared.add(key);
        if (
          property.default !== undefined &&
          !validate({ ...requiredExamples(tokenSchema), [key]: property.default })
        ) {
          problems.push(`token-schema.json: default of ${key} does not validate`);
        }
      }
    } catch (error) {
      problems.push(`token-schema.json: not a valid strict JSON Schema (${(error as Error).message})`);
    }
    for (const key of tokenSchema.required ?? []) {
      if (!declared.has(key)) problems.push(`token-schema.json: required ${key} is not a property`);
    }
  }

  const used = new Set<string>();
  for (const [name, server] of Object.entries<any>(mcp.mcpServers ?? {})) {
    const found = templatesOf(server);
    for (const key of found.command) {
      if (key !== "PLUGIN_ROOT") problems.push(`mcp.json ${name}: command uses \${${key}}`);
    }
    for (const key of found.misplaced) problems.push(`mcp.json ${name}: \${${key}} in a key`);
    for (const key of [...found.command, ...found.values]) {
      if (key === "PLUGIN_ROOT") continue;
      used.add(key);
      if (!declared.has(key))
        problems.push(`mcp.json ${name}: \${${key}} is not declared in token-schema.json`);
    }
  }
  for (const key of declared) {
    if (!used.has(key)) problems.push(`token-schema.json: ${key} is never used in mcp.json`);
  }

  for (const [file] of files) {
    const skill = /^skills\/([^/]+)\/SKILL\.md$/.exec(file);
    if (skill) problems.push(...skillProblems(file, skill[1]!, text(files, file) ?? ""));
  }
  return problems;
}

/** A value for each required credential (from `examples`, or a string matching common patterns). */
function requiredExamples(tokenSchema: any): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of tokenSchema.required ?? [])
    out[key] = tokenSchema.properties?.[key]?.examples?.[0] ?? SAMPLE_VALUES[key];
  return out;
}

/** A valid value for each required credential of the samples (used to check defaults in context). */
export const SAMPLE_VALUES: Record<string, string> = {
  TUSHARE_TOKEN: "0123456789abcdef".repeat(3) + "01234567",
  GITHUB_PAT: "ghp_" + "A1b2C3d4E5".repeat(3) + "f6G7h8",
  ALLOWED_DIR: "/home/me/notes",
  BRAVE_API_KEY: "BSAabcdefghijklmnopqrstuvwx12",
};

function skillProblems(file: string, folder: string, source: string): string[] {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) return [`${file}: no YAML front matter`];
  let front: any;
  try {
    front = parseYaml(match[1]!);
  } catch (error) {
    return [`${file}: front matter is not YAML (${(error as Error).message})`];
  }
  const problems: string[] = [];
  if (front?.name !== folder) problems.push(`${file}: name ${front?.name} differs from folder ${folder}`);
  if (typeof front?.description !== "string" || front.description.trim() === "") {
    problems.push(`${file}: description is missing`);
  }
  if (match[2]!.trim().length < 200) problems.push(`${file}: the body is too thin to help anyone`);
  return problems;
}
