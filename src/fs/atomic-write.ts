import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file so that readers see the old bytes or the new ones, never a mix: a temp file beside the
 * target, fsync, rename, fsync of the folder. `mode` is applied before the rename, so a secret file is
 * never visible with looser permissions (umask does not apply: chmod is explicit). A symlink is written
 * where it points, so the link survives (a dotfiles repo keeps receiving the edits).
 */
export async function atomicWrite(
  target: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  // A rename over the link itself would swap it for a regular file.
  const file = await fs.realpath(target).catch(() => target);
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  const mode = options.mode ?? (await existingMode(file)) ?? 0o644;
  const handle = await fs.open(temp, "wx", mode);
  try {
    await handle.writeFile(data);
    await handle.chmod(mode);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDir(dir);
}

/** Makes a rename durable: fsync the folder that holds it (a no-op where the platform refuses). */
export async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await fs.open(dir, "r");
    await handle.sync();
  } catch {
    // Windows cannot open a folder for fsync; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

async function existingMode(file: string): Promise<number | undefined> {
  try {
    return (await fs.stat(file)).mode & 0o777;
  } catch {
    return undefined;
  }
}
