import fs from "node:fs/promises";
import type { ForeignIo } from "../core/convert/foreign-io.js";
import { folderInside } from "./inside-folder.js";
import { readPackageContents } from "./read-dir.js";

/** The filesystem side of the foreign-format reader (src/core/convert/read-input.ts): files and folders only. */
export function foreignFiles(): ForeignIo {
  return {
    async stat(file) {
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat) return undefined;
      return { directory: stat.isDirectory(), size: stat.isFile() ? stat.size : 0, file: stat.isFile() };
    },
    read: (file) => fs.readFile(file),
    async readFolder(dir, options = {}) {
      const read = await readPackageContents(dir, options);
      return { files: read.files, executables: read.executables };
    },
    folderInside,
  };
}
