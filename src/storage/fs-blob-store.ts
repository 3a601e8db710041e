import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { syncDir } from "../fs/atomic-write.js";
import { type BlobStore, blobExists, checkKey } from "./blob-store.js";

/**
 * A BlobStore in a folder. A put writes a temp file under `.tmp/`, fsyncs it, then hard-links it into
 * place: link() fails if the name exists, so create-only holds even between processes, and a reader sees
 * a whole file or none. Keys fan out (`sha256/ab/<hex>`) to keep folders small.
 */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    const tmpDir = path.join(this.root, ".tmp");
    await fs.mkdir(tmpDir, { recursive: true });
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(tmpDir, `${process.pid}-${randomBytes(8).toString("hex")}`);
    try {
      const handle = await fs.open(temp, "wx", 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.link(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw blobExists(key);
      throw error;
    } finally {
      await fs.rm(temp, { force: true });
    }
    await syncDir(path.dirname(file));
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await fs.readFile(this.pathOf(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async has(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    try {
      return (await fs.stat(file)).isFile();
    } catch {
      return false;
    }
  }

  private pathOf(key: string): string {
    checkKey(key);
    const parts = key.split("/");
    const last = parts.pop() as string;
    return path.join(this.root, ...parts, last.slice(0, 2), last);
  }
}
