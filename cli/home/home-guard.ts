import fs from "node:fs/promises";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";

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
    return {
      path: file,
      code: "home.unsafe.owner",
      message: `${file} belongs to another user (uid ${stat.uid}), who could make connectory run anything as you`,
      fix: `check what it holds, then: sudo chown ${me} ${quote(file)}${kind === "folder" ? " (and its files)" : ""}`,
    };
  }
  if ((stat.mode & 0o022) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(3, "0");
    return {
      path: file,
      code: "home.unsafe.writable",
      message: `${file} is writable by ${stat.mode & 0o002 ? "every user" : "its group"} (mode ${mode}): another local user could make connectory run anything as you`,
      fix: `check what it holds, then: chmod ${kind === "folder" ? "700" : "go-w"} ${quote(file)}`,
    };
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
    throw unsafe({
      path: file,
      code: "home.credentials.symlink",
      message: `${file} is a symbolic link; connectory keeps secrets only in a real file inside its 0700 home`,
      fix: `replace the link with the file it points to: mv "$(readlink -f ${quote(file)})" ${quote(file)}, or remove it`,
    });
  }
}

export function unsafe(problem: HomeProblem): ConnectoryError {
  return new ConnectoryError(problem.code, problem.message, { hint: problem.fix });
}

function quote(p: string): string {
  return /^[A-Za-z0-9_./@:+-]+$/.test(p) ? p : `'${p.replace(/'/g, "'\\''")}'`;
}
