import fs from "node:fs/promises";
import path from "node:path";
import type { ConnectoryError } from "../../src/core/errors.js";
import { localizedError, sayEnglish, type Said } from "../terminal/language.js";

/**
 * ssh's StrictModes for $CONNECTORY_HOME: what the CLI reads there decides what runs as you (mcp.json,
 * trust.json, installed.json…), so a folder or file another local user could write or own is refused,
 * with the command that fixes it. Not on Windows (no POSIX modes; ACLs decide there).
 */
export interface HomeProblem {
  path: string;
  /** home.unsafe.writable | home.unsafe.owner | home.credentials.symlink */
  code: string;
  message: string;
  fix: string;
  /** The message and fix as keys of the tables (message and fix are their English). */
  said: { message: Said; fix: Said };
}

/** A problem from the tables' keys, its English filled in. */
function problemOf(path: string, code: string, message: Said, fix: Said): HomeProblem {
  return {
    path,
    code,
    message: sayEnglish(message.key, message.params),
    fix: sayEnglish(fix.key, fix.params),
    said: { message, fix },
  };
}

const uid = (): number | undefined => (typeof process.getuid === "function" ? process.getuid() : undefined);

/** The problem of one path, or undefined when it is safe (or absent). */
export async function pathProblem(file: string, kind: "folder" | "file"): Promise<HomeProblem | undefined> {
  const me = uid();
  if (me === undefined) return undefined;
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    return undefined;
  }
  // Root's files are as trusted as one's own (ssh allows both).
  if (stat.uid !== me && stat.uid !== 0) {
    return problemOf(
      file,
      "home.unsafe.owner",
      { key: "home.unsafe-owner", params: { file, uid: stat.uid } },
      {
        key: kind === "folder" ? "home.unsafe-owner-folder-fix" : "home.unsafe-owner-fix",
        params: { me, file: quote(file) },
      },
    );
  }
  if ((stat.mode & 0o022) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(3, "0");
    return problemOf(
      file,
      "home.unsafe.writable",
      { key: stat.mode & 0o002 ? "home.unsafe-everyone" : "home.unsafe-group", params: { file, mode } },
      {
        key: "home.unsafe-writable-fix",
        params: { mode: kind === "folder" ? "700" : "go-w", file: quote(file) },
      },
    );
  }
  return undefined;
}

/**
 * Refuses to read `file` from the home when it, or a folder between it and the home, is unsafe.
 * `home` is the root of the check: the folders above it (/tmp, /home) are not the CLI's to judge.
 */
export async function guardHomeFile(home: string, file: string): Promise<void> {
  const problem = await homeFileProblem(home, file);
  if (problem) throw unsafe(problem);
}

/** The first problem of the folders from `home` down to `file`, then of the file itself. */
export async function homeFileProblem(home: string, file: string): Promise<HomeProblem | undefined> {
  const rel = path.relative(home, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return pathProblem(file, "file");
  const folders = [home];
  for (const part of path
    .dirname(rel)
    .split(path.sep)
    .filter((p) => p !== "" && p !== "."))
    folders.push(path.join(folders[folders.length - 1] as string, part));
  for (const folder of folders) {
    const problem = await pathProblem(folder, "folder");
    if (problem) return problem;
  }
  return pathProblem(file, "file");
}

/** credentials.json may not be a symbolic link: written through, the secrets would land outside the home. */
export async function guardNotSymlink(file: string): Promise<void> {
  const stat = await fs.lstat(file).catch(() => undefined);
  if (stat?.isSymbolicLink()) {
    throw unsafe(
      problemOf(
        file,
        "home.credentials.symlink",
        { key: "home.credentials-symlink", params: { file } },
        { key: "home.credentials-symlink-fix", params: { file: quote(file) } },
      ),
    );
  }
}

export function unsafe(problem: HomeProblem): ConnectoryError {
  return localizedError(problem.code, problem.said.message, problem.said.fix);
}

function quote(p: string): string {
  return /^[A-Za-z0-9_./@:+-]+$/.test(p) ? p : `'${p.replace(/'/g, "'\\''")}'`;
}
