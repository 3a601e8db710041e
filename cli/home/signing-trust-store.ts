import { isObject } from "../../src/core/json-guards.js";
import path from "node:path";
import type { PublicKeyEntry } from "../../src/core/signing/keys.js";
import { describe, objectOf, readJsonFile, updateJsonFile } from "./json-file.js";

/**
 * What the CLI trusts of one marketplace (docs/security.md, "Verifying what you install"): the signing
 * keys pinned when it was added (or first used), those learned later through a chain, the transparency
 * log's origin, and the newest checkpoint seen. Kept in $CONNECTORY_HOME/marketplace-keys.json.
 */
export interface MarketplaceTrust {
  /** The marketplace URL the keys were pinned for: another URL is pinned afresh. */
  url: string;
  pinnedAt: string;
  keys: PublicKeyEntry[];
  logOrigin?: string;
  /** The newest checkpoint verified: every later one must be consistent with it. */
  checkpoint?: { size: number; root: string; note: string };
}

export type TrustFile = Record<string, MarketplaceTrust>;

const checkTrust = objectOf("an object of marketplace keys", (m) => {
  if (!isObject(m)) return `is ${describe(m)}, not a marketplace's keys`;
  if (typeof m.url !== "string") return 'has no "url" text';
  if (
    !Array.isArray(m.keys) ||
    !m.keys.every((k) => isObject(k) && typeof k.publicKey === "string" && typeof k.keyid === "string")
  )
    return 'has "keys" that are not a list of keys';
  if (m.checkpoint !== undefined && !(isObject(m.checkpoint) && typeof m.checkpoint.size === "number"))
    return 'has a "checkpoint" without a size';
  return undefined;
});

function trustFile(home: string): string {
  return path.join(home, "marketplace-keys.json");
}

/** The pinned keys of every marketplace. */
export function readTrust(home: string): Promise<TrustFile> {
  return readJsonFile(trustFile(home), {}, checkTrust);
}

/** Locked read-modify-write of one marketplace's trust; `fn` returning undefined forgets it. */
export function updateTrust(
  home: string,
  name: string,
  fn: (current: MarketplaceTrust | undefined) => MarketplaceTrust | undefined,
): Promise<TrustFile> {
  return updateJsonFile<TrustFile>(
    trustFile(home),
    {},
    (file) => {
      const next = fn(file[name]);
      const { [name]: _old, ...rest } = file;
      return next ? { ...rest, [name]: next } : rest;
    },
    { check: checkTrust },
  );
}
