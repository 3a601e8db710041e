import fs from "node:fs/promises";
import path from "node:path";
import { ConnectoryError } from "../../src/core/errors.js";
import { atomicWrite } from "../../src/fs/atomic-write.js";

/**
 * Reads a JSON file the CLI owns. Absent → `fallback`; unparsable → an error (never "treat as empty":
 * the next write would destroy what the user had).
 */
export async function readJsonFile<T>(file: string, fallback: T): Promise<T> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ConnectoryError("home.file.invalid", `${file} is not valid JSON: ${(error as Error).message}`, {
      hint: `fix or move the file by hand; connectory will not overwrite it (a backup may be in ${path.dirname(file)})`,
    });
  }
}

/**
 * Read-modify-write under the file's lock, written atomically. `fn` gets the current content and
 * returns the new one; throwing inside it writes nothing.
 */
export async function updateJsonFile<T>(
  file: string,
  fallback: T,
  fn: (current: T) => T | Promise<T>,
  options: { mode?: number; dirMode?: number } = {},
): Promise<T> {
  await fs.mkdir(path.dirname(file), {
    recursive: true,
    ...(options.dirMode ? { mode: options.dirMode } : {}),
  });
  // Loaded on first write only: read-only commands (config, list) skip proper-lockfile's start-up cost.
  const { withLock } = await import("../../src/fs/lock.js");
  return withLock(file, async () => {
    const next = await fn(await readJsonFile(file, fallback));
    await atomicWrite(file, JSON.stringify(next, null, 2) + "\n", options.mode ? { mode: options.mode } : {});
    return next;
  });
}
