import type { PackageFiles, Problem } from "../types.js";
import { error } from "./problems.js";

// docs/package-format.md limits, shared by the validator (file map) and src/package (raw tarball).
export const MAX_COMPRESSED_BYTES = 5 * 1024 * 1024;
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** Files plus directories, as a tarball holds them. */
export const MAX_ENTRIES = 1000;
/** Path segments below the package root (`package/` in a tarball is not counted). */
export const MAX_DEPTH = 16;

/** The key under which two names collide on a case-insensitive, normalizing file system (NFC + case-fold). */
export function foldName(name: string): string {
  // Upper then lower folds more pairs than lower alone (ß/SS, ſ/s) without a Unicode table.
  return name.normalize("NFC").toUpperCase().toLowerCase().normalize("NFC");
}

/** Why a relative entry name is unsafe, or undefined when it is fine. Codes match `tar.path.*`. */
export function pathProblem(name: string): "empty" | "absolute" | "traversal" | "invalid" | undefined {
  if (name === "") return "empty";
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name) || name.startsWith("\\")) return "absolute";
  const parts = name.split("/");
  if (parts.includes("..") || name.includes("\\")) return name.includes("\\") ? "invalid" : "traversal";
  // eslint-disable-next-line no-control-regex
  if (parts.some((p) => p === "" || p === ".") || /[\u0000-\u001f\u007f]/.test(name)) return "invalid";
  return undefined;
}

/** Every directory implied by the file paths (`a/b/c.txt` → `a`, `a/b`). */
export function impliedDirectories(paths: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  for (const p of paths) {
    const parts = p.split("/");
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  return dirs;
}

/** The docs/package-format.md limits that can be checked on a file map: names, count, size, depth, collisions. */
export function checkLimits(files: PackageFiles): Problem[] {
  const problems: Problem[] = [];
  const dirs = impliedDirectories(files.keys());
  const entries = files.size + dirs.size;
  if (entries > MAX_ENTRIES) {
    problems.push(
      error(
        "limits.entries",
        "",
        "",
        `the package has ${entries} files and folders; at most ${MAX_ENTRIES} are allowed`,
      ),
    );
  }
  let total = 0;
  for (const bytes of files.values()) total += bytes.byteLength;
  if (total > MAX_UNPACKED_BYTES) {
    problems.push(
      error(
        "limits.size",
        "",
        "",
        `the package holds ${total} bytes; at most ${MAX_UNPACKED_BYTES} (20 MiB) unpacked are allowed`,
      ),
    );
  }
  const seen = new Map<string, string>();
  const entryNames = [...[...dirs].sort().map((d) => `${d}/`), ...[...files.keys()].sort()];
  for (const entry of entryNames) {
    const isDir = entry.endsWith("/") && dirs.has(entry.slice(0, -1));
    const name = isDir ? entry.slice(0, -1) : entry;
    const bad = pathProblem(name);
    if (bad) {
      if (!isDir)
        problems.push(
          error(`limits.path.${bad}`, name, "", `"${name}" is not a safe relative path inside the package`),
        );
      continue;
    }
    if (!isDir && name.split("/").length > MAX_DEPTH) {
      problems.push(
        error("limits.depth", name, "", `"${name}" is nested more than ${MAX_DEPTH} folders deep`),
      );
    }
    const key = foldName(name);
    const other = seen.get(key);
    if (other === undefined) seen.set(key, entry);
    else {
      const what =
        other === `${name}/`
          ? "is both a file and a folder"
          : `and "${other.replace(/\/$/, "")}" are the same name on case-insensitive file systems`;
      problems.push(error("limits.name.collision", name, "", `"${name}" ${what}: rename one`));
    }
  }
  return problems;
}
