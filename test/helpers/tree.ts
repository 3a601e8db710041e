import fs from "node:fs/promises";
import path from "node:path";

/** Every file AND folder under `dir` (relative POSIX paths, folders end with `/`), to prove nothing landed. */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string): Promise<void> {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      const rel = path.relative(dir, full).split(path.sep).join("/");
      if (e.isDirectory()) {
        out.push(rel + "/");
        await walk(full);
      } else out.push(rel);
    }
  }
  await walk(dir);
  return out.sort();
}

/** Whether anything (file, folder, dangling link) is at `file`. */
export async function exists(file: string): Promise<boolean> {
  return fs.lstat(file).then(
    () => true,
    () => false,
  );
}
