import fs from "node:fs/promises";
import type { Stats } from "node:fs";

/** What is at `file` (with `link: true`, a link itself rather than what it points at), or undefined when nothing is. */
export async function statIfPresent(
  file: string,
  options: { link?: boolean } = {},
): Promise<Stats | undefined> {
  try {
    return await (options.link ? fs.lstat(file) : fs.stat(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
