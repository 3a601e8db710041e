import fs from "node:fs/promises";
import { problemLine } from "../terminal/problem-words-zh-cn.js";
import path from "node:path";
import { validatePackage } from "../../src/core/package/validate-package.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";
import { computeIntegrity } from "../../src/package/integrity.js";
import { packFiles } from "../../src/package/pack.js";
import { IGNORED_DIRS, IGNORED_FILES, readPackageContents } from "../../src/package/read-dir.js";
import { defineCommand } from "../command.js";
import { status, warn } from "../terminal/output.js";
import { localizedError, say } from "../terminal/language.js";

const command = defineCommand({
  usage: "pack <dir> [-o <file>] [--json]",
  description: `
Validates a connector folder, then writes it as a gzip tarball, <name>-<version>.tgz in the current
folder (or -o <file>; -o <folder> puts the default name there). Nothing is written when the package
has errors. The tarball is deterministic: the same files give the same bytes on every run and
machine (sorted entries, fixed times, no owners, modes 0644 or 0755 for executable files).

Left out of the tarball (and listed on stderr): the folders ${IGNORED_DIRS.map((d) => `${d}/`).join(", ")};
the files ${IGNORED_FILES.join(", ")} (anywhere); *.tgz at the top level (earlier packs).
Symbolic links and special files are refused; empty folders are not kept.

--json prints { file, name, version, files, size, integrity, sha256 }.`,
  options: {
    output: {
      type: "string",
      short: "o",
      value: "file|dir",
      description: "where to write the tarball (default: <name>-<version>.tgz in the current folder)",
    },
  },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const dir = path.resolve(ctx.cwd, args.positionals[0]!);
    const { files, executables, skipped } = await readPackageContents(dir);
    if (skipped.length > 0) status(ctx, say("pack.skipped", { files: skipped.join(", ") }));

    const report = validatePackage(files);
    const errors = report.problems.filter((p) => p.severity === "error");
    const manifest = report.package?.manifest;
    if (errors.length > 0 || !manifest)
      throw localizedError(
        "pack.invalid",
        { key: "pack.invalid", params: { dir, n: errors.length } },
        { key: "pack.invalid-hint", params: { dir: args.positionals[0]! } },
        { problems: errors },
      );
    for (const p of report.problems.filter((p) => p.severity === "warning")) warn(ctx, problemLine(p));

    const bytes = await packFiles(files, { executables });
    const file = await outputFile(ctx.cwd, args.values.output, `${manifest.name}-${manifest.version}.tgz`);
    await atomicWrite(file, bytes, { mode: 0o644 });
    const digest = computeIntegrity(bytes);
    const data = { file, name: manifest.name, version: manifest.version, files: files.size, ...digest };
    const text = [
      say("pack.packed", { name: manifest.name, version: manifest.version, n: files.size }),
      say("pack.file", { file }),
      say("pack.size", { size: digest.size }),
      say("pack.integrity", { integrity: digest.integrity }),
      say("pack.sha256", { sha256: digest.sha256 }),
    ].join("\n");
    return { data, text };
  },
});
export default command;

/** Where the tarball goes: -o as given, the default name inside an -o folder, or the default name in cwd. */
async function outputFile(cwd: string, option: string | undefined, defaultName: string): Promise<string> {
  if (option === undefined) return path.join(cwd, defaultName);
  const target = path.resolve(cwd, option);
  const stat = await fs.stat(target).catch(() => undefined);
  if (stat?.isDirectory()) return path.join(target, defaultName);
  const parent = await fs.stat(path.dirname(target)).catch(() => undefined);
  if (!parent?.isDirectory())
    throw localizedError(
      "pack.output.no-folder",
      { key: "pack.no-folder", params: { target, folder: path.dirname(target) } },
      { key: "pack.no-folder-hint" },
    );
  return target;
}
