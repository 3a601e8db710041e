import { ConnectoryError } from "../core/errors.js";

/**
 * Where tarballs live. Keys are content addresses (`sha256/<hex>`, see blobKey); values never change:
 * `put` is create-only, so a second put of a key fails with `blob.exists` instead of overwriting.
 */
export interface BlobStore {
  /** Stores bytes under a new key; throws ConnectoryError `blob.exists` when the key is taken. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes a key; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}

// Lower-case path segments only: a key can never climb out of a store's root or alias another key.
const KEY = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9._-]*)+$/;

/** Rejects keys a store must never see (`..`, absolute paths, odd characters). */
export function checkKey(key: string): void {
  if (!KEY.test(key) || key.split("/").some((s) => s === "." || s === ".." || s.includes(".."))) {
    throw new ConnectoryError("blob.key.invalid", `invalid blob key "${key.slice(0, 100)}"`, {
      status: 500,
      hint: "this is a bug: blob keys come from blobKey()",
    });
  }
}

export function blobExists(key: string): ConnectoryError {
  return new ConnectoryError("blob.exists", `a blob already exists at ${key}`, { status: 409 });
}

/** The content address of a tarball: its sha256 hex under `sha256/`. */
export function blobKey(sha256Hex: string): string {
  return `sha256/${sha256Hex}`;
}
