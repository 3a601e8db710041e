import path from "node:path";
import type { BlobStore } from "./blob-store.js";
import { FsBlobStore } from "./fs-blob-store.js";
import { MemoryBlobStore } from "./memory-blob-store.js";
import { parseS3Url, S3BlobStore, s3ConfigFromEnv } from "./s3-blob-store.js";

/**
 * The blob store a location names: `memory:` for a throwaway store, otherwise a folder (a path or a
 * `file:` URL), or `s3://bucket/prefix` configured from the AWS variables in `env`. The one place that
 * chooses an implementation.
 */
export function createBlobStore(location: string, env: Record<string, string | undefined> = {}): BlobStore {
  if (location === "memory:") return new MemoryBlobStore();
  if (location.startsWith("s3:")) return new S3BlobStore(s3ConfigFromEnv(env), parseS3Url(location));
  const dir = location.startsWith("file:") ? new URL(location).pathname : location;
  return new FsBlobStore(path.resolve(dir));
}
