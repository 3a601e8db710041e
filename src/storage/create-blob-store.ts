import path from "node:path";
import type { BlobStore } from "./blob-store.js";
import { FsBlobStore } from "./fs-blob-store.js";
import { MemoryBlobStore } from "./memory-blob-store.js";

/**
 * The blob store a location names: `memory:` for a throwaway store, otherwise a folder (a path or a
 * `file:` URL). The one place that chooses an implementation (S3 joins here later).
 */
export function createBlobStore(location: string): BlobStore {
  if (location === "memory:") return new MemoryBlobStore();
  const dir = location.startsWith("file:") ? new URL(location).pathname : location;
  return new FsBlobStore(path.resolve(dir));
}
