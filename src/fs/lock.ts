import fs from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";
import { ConnectoryError } from "../core/errors.js";

/**
 * Runs `fn` while holding an inter-process lock on `target` (a `<target>.lock` folder beside it).
 * Waits for other holders (up to ~30 s) and takes over locks left by a killed process.
 */
export async function withLock<T>(target: string, fn: () => Promise<T>): Promise<T> {
  // Private whatever the umask: the folders made here are home folders (cli/home/home-guard.ts refuses
  // a group- or world-writable one).
  await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(target, {
      realpath: false,
      stale: 10_000,
      update: 2_000,
      retries: { retries: 300, factor: 1, minTimeout: 50, maxTimeout: 100 },
    });
  } catch (error) {
    throw new ConnectoryError("lock.busy", `another connectory process is still changing ${target}`, {
      hint: "wait for it to finish and try again",
      cause: error,
    });
  }
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
