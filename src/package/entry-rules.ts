import type { Problem } from "../core/types.js";
import { foldName, MAX_DEPTH } from "../core/package/limits.js";

/** The top folder every tarball entry lives under (docs/package-format.md). */
export const TOP = "package/";

// Longest file name the common filesystems accept (ext4, APFS, NTFS: 255).
const MAX_SEGMENT_BYTES = 255;

/** A tarball rule broken by one entry (or by a whole package, for limits). */
export function tarProblem(code: string, entry: string, message: string): Problem {
  return { code, severity: "error", file: entry, path: "", message };
}

/**
 * Checks one tarball entry name (`package/…`) and returns the path inside the package, or the problem
 * that rejects it. Nothing is cleaned up: a name that needs fixing is refused.
 */
export function checkEntryName(name: string, isDirectory: boolean): { path: string } | { problem: Problem } {
  const fail = (code: string, message: string) => ({ problem: tarProblem(code, name, message) });
  if (/^[/\\]/.test(name) || /^[A-Za-z]:/.test(name))
    return fail(
      "tar.path.absolute",
      `"${name}" is an absolute path; entries must be relative, under package/`,
    );
  if (name.split(/[/\\]/).includes(".."))
    return fail("tar.path.traversal", `"${name}" contains "..", which could escape the install folder`);
  const rel = isDirectory && name.endsWith("/") ? name.slice(0, -1) : name;
  if (rel === "package" && isDirectory) return { path: "" };
  if (!rel.startsWith(TOP))
    return fail(
      "tar.path.outside",
      `"${name}" is outside the top folder package/; every entry must be under it`,
    );
  const problem = checkRelativePath(rel.slice(TOP.length), name);
  return problem ? { problem } : { path: rel.slice(TOP.length) };
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** Checks a path inside a package (`server/index.js`): the same rules readPackageDir and packFiles apply. */
export function checkRelativePath(path: string, shownAs = path): Problem | undefined {
  const fail = (code: string, message: string) => tarProblem(code, shownAs, message);
  if (/^[/\\]/.test(path) || /^[A-Za-z]:/.test(path))
    return fail("tar.path.absolute", `"${shownAs}" is an absolute path; package paths must be relative`);
  const segments = path.split("/");
  if (segments.includes("..")) return fail("tar.path.traversal", `"${shownAs}" contains ".."`);
  if (segments.length > MAX_DEPTH)
    return fail(
      "tar.path.depth",
      `"${abbreviate(shownAs)}" is ${segments.length} folders deep; the limit is ${MAX_DEPTH}`,
    );
  for (const segment of segments) {
    if (segment === "" || segment === ".")
      return fail("tar.path.invalid", `"${shownAs}" has an empty or "." path segment`);
    // Backslash and colon are separators or stream markers on Windows; control characters break terminals.
    if (/[\\:\x00-\x1f\x7f]/.test(segment))
      return fail(
        "tar.path.invalid",
        `"${JSON.stringify(shownAs).slice(1, -1)}" contains a backslash, colon or control character`,
      );
    // Windows opens a device for CON, NUL, COM1… (any extension) and drops a trailing dot or space,
    // so such a name would not land where the package says on a Windows machine.
    if (WINDOWS_RESERVED.test(segment) || /[. ]$/.test(segment))
      return fail(
        "tar.path.reserved",
        `"${abbreviate(shownAs)}" uses a name Windows reserves (CON, NUL, COM1…, or a trailing dot or space); rename it`,
      );
    if (new TextEncoder().encode(segment).length > MAX_SEGMENT_BYTES)
      return fail(
        "tar.path.invalid",
        `a name in "${abbreviate(shownAs)}" is longer than ${MAX_SEGMENT_BYTES} bytes`,
      );
  }
  return undefined;
}

/**
 * Finds names that would land on the same file on some machine: equal after NFC + case-fold, or a
 * file that is also (a parent) folder. `files` and `dirs` are package-relative paths; `prefix` is put
 * before them in reports (`package/` for tarball entries).
 */
export function collisionProblems(
  files: readonly string[],
  dirs: readonly string[] = [],
  prefix = "",
): Problem[] {
  const problems: Problem[] = [];
  const fileByKey = new Map<string, string>();
  const dirByKey = new Map<string, string>();
  const reported = new Set<string>();
  const noteDir = (dir: string, shownFor: string): void => {
    const key = foldName(dir);
    const seen = dirByKey.get(key);
    if (seen === undefined) dirByKey.set(key, dir);
    else if (seen !== dir && !reported.has(dir)) {
      reported.add(dir);
      problems.push(
        tarProblem(
          "tar.path.duplicate",
          prefix + shownFor,
          `folder "${dir}" and "${seen}" differ only in case or Unicode form`,
        ),
      );
    }
  };
  for (const dir of dirs) if (dir !== "") noteDir(dir, dir + "/");
  for (const file of files) {
    const key = foldName(file);
    const seen = fileByKey.get(key);
    if (seen !== undefined) {
      const how = seen === file ? "appears twice" : `and "${seen}" differ only in case or Unicode form`;
      problems.push(tarProblem("tar.path.duplicate", prefix + file, `"${file}" ${how}`));
      continue;
    }
    fileByKey.set(key, file);
    const parts = file.split("/");
    for (let i = 1; i < parts.length; i++) noteDir(parts.slice(0, i).join("/"), file);
  }
  for (const [key, file] of fileByKey) {
    const dir = dirByKey.get(key);
    if (dir !== undefined)
      problems.push(
        tarProblem("tar.path.conflict", prefix + file, `"${file}" is both a file and a folder ("${dir}/")`),
      );
  }
  return problems;
}

function abbreviate(text: string): string {
  return text.length > 120 ? `${text.slice(0, 60)}…${text.slice(-40)}` : text;
}
