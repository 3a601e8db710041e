import type { SpecFingerprint } from "../../src/core/merge/spec-hash.js";
import { homePaths } from "./home.js";
import { readJsonFile, updateJsonFile } from "./json-file.js";

/** What `connectory trust` recorded for one hand-written server. */
export interface TrustEntry extends SpecFingerprint {
  trustedAt: string;
}

/**
 * trust.json: hand-written server name → the fingerprint of the exact launch spec the user trusted.
 * Only hashes are stored, so the file never holds a secret from a command line or header.
 */
export interface TrustFile {
  servers: Record<string, TrustEntry>;
}

export async function readTrust(home: string): Promise<TrustFile> {
  const file = await readJsonFile<Partial<TrustFile>>(homePaths(home).trust, { servers: {} });
  return { servers: file.servers ?? {} };
}

/** Locked read-modify-write of trust.json. */
export function updateTrust(
  home: string,
  fn: (file: TrustFile) => TrustFile | Promise<TrustFile>,
): Promise<TrustFile> {
  return updateJsonFile<TrustFile>(homePaths(home).trust, { servers: {} }, (current) =>
    fn({ servers: current.servers ?? {} }),
  );
}
