import type { SpecFingerprint } from "../../src/core/merge/spec-hash.js";
import { homePaths } from "./home.js";
import { describe, objectOf, readJsonFile, updateJsonFile, type ShapeCheck } from "./json-file.js";
import { isObject } from "../../src/core/json-guards.js";

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

const trustedServers = objectOf("an object of trusted servers", (t) =>
  isObject(t) ? undefined : `is ${describe(t)}, not a trust record`,
);
const checkTrust: ShapeCheck = (file) => {
  if (!isObject(file)) return `expected { "servers": { … } }, found ${describe(file)}`;
  const servers = file.servers === undefined ? undefined : trustedServers(file.servers);
  return servers === undefined ? undefined : `"servers": ${servers}`;
};

export async function readTrust(home: string): Promise<TrustFile> {
  const file = await readJsonFile<Partial<TrustFile>>(homePaths(home).trust, { servers: {} }, checkTrust);
  return { servers: file.servers ?? {} };
}

/** Locked read-modify-write of trust.json. */
export function updateTrust(
  home: string,
  fn: (file: TrustFile) => TrustFile | Promise<TrustFile>,
): Promise<TrustFile> {
  return updateJsonFile<TrustFile>(
    homePaths(home).trust,
    { servers: {} },
    (current) => fn({ servers: current.servers ?? {} }),
    { check: checkTrust },
  );
}
