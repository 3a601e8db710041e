import { type BlobStore, blobExists, checkKey } from "./blob-store.js";

/** A BlobStore in memory, for tests and throwaway registries. Stores copies, so callers cannot mutate it. */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Uint8Array>();

  async put(key: string, bytes: Uint8Array): Promise<void> {
    checkKey(key);
    if (this.blobs.has(key)) throw blobExists(key);
    this.blobs.set(key, bytes.slice());
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    checkKey(key);
    return this.blobs.get(key)?.slice();
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    this.blobs.delete(key);
  }

  async has(key: string): Promise<boolean> {
    checkKey(key);
    return this.blobs.has(key);
  }

  /** Every key held (tests use it to assert nothing was left behind). */
  keys(): string[] {
    return [...this.blobs.keys()].sort();
  }
}
