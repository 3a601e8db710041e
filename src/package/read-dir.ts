import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { ConnectoryError } from "../core/errors.js";
import type { PackageFiles, Problem } from "../core/types.js";
import type { PackageContents } from "./contents.js";
import { checkRelativePath, collisionProblems, tarProblem } from "./entry-rules.js";
import { mib, packageError } from "./tar-error.js";
import { MAX_UNPACKED_BYTES, MAX_ENTRIES } from "../core/package/limits.js";

/**
 * What reading a folder leaves out, as npm users expect, plus files that conventionally hold secrets.
 * Each skipped name is reported (ReadDirResult.skipped); the pack --help text lists them.
 */
export const IGNORED_DIRS = [".git", ".hg", ".svn", "node_modules"];
export const IGNORED_FILES = [".DS_Store", "Thumbs.db", "npm-debug.log", ".npmrc", ".env"];
/** Earlier `connectory pack` output in the folder itself (would make packing grow on every run). */
const IGNORED_TOP_LEVEL = /\.tgz$/;

export interface ReadDirResult extends PackageContents {
  /** Package-relative names that were left out (folders end with `/`). */
  skipped: string[];
}

/** A connector folder's files (POSIX relative paths); rejects links and special files, enforces limits. */
export async function readPackageDir(dir: string): Promise<PackageFiles> {
  return (await readPackageContents(dir)).files;
}

/** What a caller may ask of the reader. */
export interface ReadDirOptions {
  /**
   * Refuse a folder that is itself a symbolic link (a marketplace plugin's `source`, whose link could
   * point anywhere on the machine); links inside a package are always refused.
   */
  refuseLinkedRoot?: boolean;
}

/** readPackageDir, keeping executable bits and the list of skipped names. */
export async function readPackageContents(dir: string, options: ReadDirOptions = {}): Promise<ReadDirResult> {
  const root = path.resolve(dir);
  if (options.refuseLinkedRoot && (await fs.lstat(root).catch(() => undefined))?.isSymbolicLink())
    throw new ConnectoryError("package.dir.symlink", `${root} is a symbolic link`, {
      hint: "Give the folder itself (copy it into the checkout), not a link to it.",
    });
  await assertFolder(root);
  const state = { files: new Map() as PackageFiles, executables: new Set<string>(), skipped: [] as string[] };
  const problems: Problem[] = [];
  let total = 0;
  const fatal = (code: string, message: string): never => {
    throw packageError([...problems, tarProblem(code, "", message)], `cannot read ${dir}`, LIMIT_HINT);
  };

  async function walk(rel: string): Promise<void> {
    const entries = await fs.readdir(path.join(root, ...split(rel)), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (isIgnored(entry.name, rel, entry.isDirectory())) {
        state.skipped.push(entry.isDirectory() ? `${child}/` : child);
        continue;
      }
      const pathProblem = checkRelativePath(child);
      if (pathProblem) {
        problems.push(pathProblem);
        continue;
      }
      if (entry.isSymbolicLink()) {
        problems.push(
          problem(
            "package.symlink",
            child,
            `"${child}" is a symbolic link; copy the file it points to into the folder instead`,
          ),
        );
      } else if (entry.isDirectory()) {
        await walk(child);
      } else if (entry.isFile()) {
        if (state.files.size >= MAX_ENTRIES)
          fatal("tar.entries.too-many", `the folder has more than ${MAX_ENTRIES} files`);
        const { data, executable } = await readLimited(
          path.join(root, ...split(child)),
          MAX_UNPACKED_BYTES - total,
          fatal,
        );
        total += data.length;
        state.files.set(child, data);
        if (executable) state.executables.add(child);
      } else {
        problems.push(
          problem(
            "package.special-file",
            child,
            `"${child}" is not a regular file (a socket, FIFO or device); remove it`,
          ),
        );
      }
    }
  }

  await walk("");
  problems.push(...collisionProblems([...state.files.keys()]));
  if (problems.length > 0)
    throw packageError(problems, `cannot read ${dir}`, "Fix the files named above and try again.");
  return state;
}

const LIMIT_HINT = `A connector package holds at most ${MAX_ENTRIES} files and ${mib(MAX_UNPACKED_BYTES)}; move data and builds out of the folder.`;

/** Reads one file without ever holding more than `budget` bytes: a huge file is refused, not loaded. */
async function readLimited(
  file: string,
  budget: number,
  fatal: (code: string, message: string) => never,
): Promise<{ data: Uint8Array; executable: boolean }> {
  // O_NOFOLLOW: if the file was swapped for a link since readdir, opening fails instead of following it.
  const handle = await fs.open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) fatal("package.special-file", `"${file}" changed while it was read`);
    if (stat.size > budget)
      fatal("tar.size.unpacked", `the files add up to more than ${mib(MAX_UNPACKED_BYTES)}`);
    const data = new Uint8Array(stat.size);
    let at = 0;
    while (at < stat.size) {
      const { bytesRead } = await handle.read(data, at, stat.size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return { data: at === stat.size ? data : data.subarray(0, at), executable: (stat.mode & 0o111) !== 0 };
  } finally {
    await handle.close();
  }
}

function isIgnored(name: string, parent: string, isDir: boolean): boolean {
  if (isDir) return IGNORED_DIRS.includes(name);
  return IGNORED_FILES.includes(name) || (parent === "" && IGNORED_TOP_LEVEL.test(name));
}

async function assertFolder(root: string): Promise<void> {
  let stat;
  try {
    stat = await fs.stat(root);
  } catch {
    throw new ConnectoryError("package.dir.missing", `no folder at ${root}`, {
      hint: "Pass the path of a connector folder (the one holding plugin.json).",
    });
  }
  if (!stat.isDirectory())
    throw new ConnectoryError("package.dir.not-folder", `${root} is not a folder`, {
      hint: "Pass the connector folder (the one holding plugin.json), not a file in it.",
    });
}

function problem(code: string, file: string, message: string): Problem {
  return { code, severity: "error", file, path: "", message };
}

function split(rel: string): string[] {
  return rel === "" ? [] : rel.split("/");
}
