import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../../helpers/cli.js";
import { validatePackage } from "../../../src/core/package/validate-package.js";
import type { PackageFiles } from "../../../src/core/types.js";

/**
 * The verbatim ecosystem files, from the shared/ folder beside the clone (CI puts a copy there). Missing in
 * CI is a failure, not a skip: these tests are the evidence that real catalogs convert.
 */
export const REAL_WORLD = path.join(ROOT, "../shared/data/real-world");
export const HAVE_REAL_WORLD = fs.existsSync(REAL_WORLD);
if (!HAVE_REAL_WORLD && process.env["CI"])
  throw new Error(`${REAL_WORLD} is missing: CI must provide shared/ beside the clone`);

export const readJson = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(REAL_WORLD, file), "utf8"));

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
