import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../helpers/cli.js";
import { validatePackage } from "../../../src/core/package/validate-package.js";
import type { PackageFiles } from "../../../src/core/types.js";

/** The single verbatim ecosystem files, with their licences and PROVENANCE.md (issue 32 #9: in the repository). */
export const REAL_WORLD_FILES = path.join(ROOT, "test/fixtures/real-world");

/** The whole catalogs are the ones the registry ships and seeds from (catalogs/, each with LICENSE and PROVENANCE.md). */
const CATALOGS: Record<string, string> = {
  "official-registry-seed.server.json": "catalogs/official-registry/official-registry-seed.server.json",
  "docker-mcp-registry": "catalogs/docker-mcp-registry",
  "claude-plugins-official": "catalogs/claude-plugins-official",
};

/**
 * Where a real-world file is in this repository: `docker-mcp-registry/servers/x/server.yaml` and the other
 * catalog paths under catalogs/, single files under test/fixtures/real-world/.
 */
export function realWorld(file: string): string {
  const [head = "", ...rest] = file.split("/");
  const catalog = CATALOGS[head];
  return catalog ? path.join(ROOT, catalog, ...rest) : path.join(REAL_WORLD_FILES, file);
}

export const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(realWorld(file), "utf8"));

/** A folder's files by POSIX relative path, as the converters take them. */
export function readFolder(dir: string): PackageFiles | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const files: PackageFiles = new Map();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full).split(path.sep).join("/"), fs.readFileSync(full));
  }
  return files;
}

/** The strict validator's failing problems for a converted package (none expected). */
export function strictFailures(files: PackageFiles): string[] {
  const report = validatePackage(files, { strict: true });
  return report.ok ? [] : report.problems.map((p) => `${p.code} ${p.file}${p.path}: ${p.message}`);
}

export const text = (files: PackageFiles, name: string): string => new TextDecoder().decode(files.get(name)!);
export const json = (files: PackageFiles, name: string): any => JSON.parse(text(files, name));
