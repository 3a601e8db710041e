import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { localizedError } from "../terminal/language.js";
import type { PackageFiles } from "../../src/core/types.js";
import { syncDir } from "../../src/fs/atomic-write.js";

/** Writes the whole folder beside the target, then renames it into place: readers never see half a package. */
export async function writeFolder(
  folder: string,
  files: PackageFiles,
  executables: Set<string>,
  force: boolean,
): Promise<void> {
  const existing = await fs
    .readdir(folder)
    .catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? undefined : Promise.reject(e)));
  if (existing && existing.length > 0 && !force)
    throw localizedError(
      "convert.output.exists",
      { key: "convert.output-exists", params: { folder } },
      { key: "convert.output-exists-hint" },
    );
  const parent = path.dirname(folder);
  await fs.mkdir(parent, { recursive: true });
  const suffix = `${process.pid}.${randomBytes(6).toString("hex")}`;
  const temp = path.join(parent, `.${path.basename(folder)}.${suffix}.tmp`);
  try {
    for (const [name, bytes] of files) {
      const file = path.join(temp, ...name.split("/"));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes, { mode: executables.has(name) ? 0o755 : 0o644, flag: "wx" });
    }
    if (existing) {
      // Replaced (with --force, or an empty folder): moved aside first, removed once the new one is in place.
      const old = path.join(parent, `.${path.basename(folder)}.${suffix}.old`);
      await fs.rename(folder, old);
      await fs.rename(temp, folder);
      await fs.rm(old, { recursive: true, force: true });
    } else await fs.rename(temp, folder);
    await syncDir(parent);
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}
