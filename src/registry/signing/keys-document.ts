import { fingerprintOf, type PublicKeyEntry, type Signature } from "../../core/signing/keys.js";
import type { SigningKeyRow } from "../../db/signing-store.js";
import type { RegistryDeps } from "../context.js";

/** `GET /.well-known/connectory/keys` (docs/http-api.md): every key, the one signing now, the log's origin. */
export interface KeysDocument {
  /** The key id new versions and checkpoints are signed with. */
  current: string;
  /** The transparency log's origin (the first line of its checkpoints). */
  logOrigin: string;
  keys: PublicKeyEntry[];
}

/** A stored key as the document lists it. */
export function keyEntry(row: SigningKeyRow): PublicKeyEntry {
  return {
    keyid: row.keyid,
    algorithm: "ed25519",
    publicKey: row.publicKey,
    fingerprint: fingerprintOf(row.publicKey),
    createdAt: row.createdAt,
    ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
    ...(row.revokedAt ? { revokedAt: row.revokedAt } : {}),
    ...(row.endorsement ? { endorsement: JSON.parse(row.endorsement) as Signature } : {}),
  };
}

export async function keysDocument(deps: RegistryDeps): Promise<KeysDocument> {
  const rows = await deps.repo.keys.list();
  return { current: deps.signing.signer.keyid, logOrigin: deps.signing.origin, keys: rows.map(keyEntry) };
}
