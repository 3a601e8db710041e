import path from "node:path";
import { isConnectoryError } from "../../src/core/errors.js";
import { validatePackage, type PackageReport } from "../../src/core/package/validate-package.js";
import type { PackageFiles, Problem } from "../../src/core/types.js";
import { readPackageContents } from "../../src/package/read-dir.js";
import { defineCommand } from "../command.js";
import type { CommandContext } from "../context.js";
import { status } from "../terminal/output.js";
import { say } from "../terminal/language.js";
import { problemText } from "../terminal/problem-words-zh-cn.js";

const command = defineCommand({
  usage: "validate <dir> [--strict] [--json]",
  description: `
Checks a connector folder against the package format: plugin.json, mcp.json, token-schema.json,
skills/*/SKILL.md, templates, names, sizes and limits. Every problem is listed with its code, file and
JSON path. Warnings do not fail unless --strict is given.

Exit status: 0 when the package is valid, 1 when it is not (or cannot be read), 2 for a usage mistake.
--json prints { ok, problems: [{ code, severity, file, path, message }], package: { name, version } | null }.`,
  options: { strict: { type: "boolean", description: "treat warnings as errors (exit 1)" } },
  positionals: { min: 1, max: 1 },
  async run(args, ctx) {
    const dir = path.resolve(ctx.cwd, args.positionals[0]!);
    const strict = args.values.strict === true;
    const report = await validateFolder(dir, strict, ctx);
    const manifest = report.package?.manifest;
    // An invalid name or version may be left out of the manifest the validator builds.
    const pkg =
      typeof manifest?.name === "string" && typeof manifest.version === "string"
        ? { name: manifest.name, version: manifest.version }
        : null;
    return {
      data: { ok: report.ok, problems: report.problems, package: pkg },
      text: formatReport(report, pkg, strict),
      exitCode: report.ok ? 0 : 1,
    };
  },
});
export default command;

/**
 * Reads and validates a folder. Problems found while reading (a symlink, a name that cannot be packed,
 * too many files) are package problems too: they join the report instead of ending the command.
 */
export async function validateFolder(
  dir: string,
  strict: boolean,
  ctx: CommandContext,
): Promise<PackageReport> {
  let files: PackageFiles;
  try {
    const read = await readPackageContents(dir);
    if (read.skipped.length > 0) status(ctx, say("validate.skipped", { files: read.skipped.join(", ") }));
    files = read.files;
  } catch (error) {
    if (isConnectoryError(error) && error.problems) return { ok: false, problems: error.problems };
    throw error;
  }
  return validatePackage(files, { strict });
}

function formatReport(
  report: PackageReport,
  pkg: { name: string; version: string } | null,
  strict: boolean,
): string {
  const errors = report.problems.filter((p) => p.severity === "error");
  const warnings = report.problems.filter((p) => p.severity === "warning");
  const lines: string[] = [];
  if (errors.length > 0) lines.push(say("validate.errors"), ...errors.flatMap(formatProblem), "");
  if (warnings.length > 0)
    lines.push(
      say(strict ? "validate.warnings-strict" : "validate.warnings"),
      ...warnings.flatMap(formatProblem),
      "",
    );
  const who = pkg ? `${pkg.name}@${pkg.version}` : say("validate.the-package");
  const counts = {
    errors: say(errors.length === 1 ? "validate.n-error" : "validate.n-errors", { n: errors.length }),
    warnings: say(warnings.length === 1 ? "validate.n-warning" : "validate.n-warnings", {
      n: warnings.length,
    }),
  };
  lines.push(say(report.ok ? "validate.valid" : "validate.invalid", { who, ...counts }));
  return lines.join("\n");
}

function formatProblem(p: Problem): string[] {
  const where = [p.file, p.path].filter((s) => s !== "").join(" ");
  return [`  ${p.code}${where ? `  ${where}` : ""}`, ...problemText(p).map((line) => `    ${line}`)];
}
