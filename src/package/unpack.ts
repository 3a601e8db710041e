import fs from "node:fs/promises";
import path from "node:path";
import { ConnectoryError } from "../core/errors.js";
import { syncDir } from "../fs/atomic-write.js";
import type { PackageContents } from "./contents.js";
import { readTarballContents } from "./read-tarball.js";

/**
 * Unpacks a tarball to `dest`, which must not exist: every rule is checked in memory first, the files
 * are written to a temp folder beside `dest`, then one rename makes them appear. On any failure nothing
 * is left behind: no temp folder, no `dest`.
 */
export async function unpackTarball(bytes: Uint8Array, dest: string): Promise<void> {
  const contents = await readTarballContents(bytes);
  await writePackageTree(contents, dest);
}

/** Writes checked package contents to a fresh `dest` atomically (temp folder + rename). */
export async function writePackageTree(contents: PackageContents, dest: string): Promise<void> {
  const target = path.resolve(dest);
  if (await exists(target)) throw destExists(target);
  const parent = path.dirname(target);
  // Not writable by others whatever the umask (the cache is in a guarded home).
  await fs.mkdir(parent, { recursive: true, mode: 0o755 });
  const temp = await fs.mkdtemp(path.join(parent, `.${path.basename(target)}.unpack-`));
  try {
    await fs.chmod(temp, 0o755); // mkdtemp makes it 0700
    const paths = [...contents.files.keys()].sort();
    for (const rel of paths) {
      // Paths were checked (relative, no "..", no links can exist in a folder we just made).
      const file = path.join(temp, ...rel.split("/"));
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o755 });
      const mode = contents.executables.has(rel) ? 0o755 : 0o644;
      const handle = await fs.open(file, "wx", mode);
      try {
        await handle.writeFile(contents.files.get(rel)!);
        await handle.chmod(mode); // umask must not loosen or tighten the package's modes
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    try {
      await fs.rename(temp, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOTEMPTY" || code === "EEXIST" || code === "EPERM") throw destExists(target);
      throw error;
    }
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
  await syncDir(parent);
}

function destExists(dest: string): ConnectoryError {
  return new ConnectoryError("unpack.dest.exists", `cannot unpack into ${dest}: it already exists`, {
    hint: "Unpack into a new folder; an installed version is immutable (remove it first to reinstall).",
    status: 409,
  });
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}
