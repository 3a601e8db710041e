import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { canonicalJson } from "../tools/canonical.js";

// Ed25519 keys as the registry publishes them and the CLI pins them: a raw 32-byte public key (base64),
// its fingerprint (`sha256:<hex>` of the raw key, what people compare) and its key id (the first 16 hex
// digits of that hash, what signatures name).

/** One signature over a statement or a key endorsement. */
export interface Signature {
  keyid: string;
  /** base64 Ed25519 signature. */
  sig: string;
}

/** A public key as `/.well-known/connectory/keys` lists it (docs/http-api.md). */
export interface PublicKeyEntry {
  keyid: string;
  algorithm: "ed25519";
  /** base64 of the raw 32-byte key. */
  publicKey: string;
  fingerprint: string;
  createdAt: string;
  /** After this instant the key signs nothing new; what it signed before stays valid. */
  expiresAt?: string;
  /** A revoked key verifies nothing, whenever it signed. */
  revokedAt?: string;
  /** The previous key's signature over keyEndorsement(this key): how a client that pinned it moves on. */
  endorsement?: Signature;
}

const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** The raw public key of an Ed25519 key object. */
export function rawPublicKey(key: KeyObject): Buffer {
  const der = (key.type === "public" ? key : createPublicKey(key)).export({ type: "spki", format: "der" });
  return der.subarray(der.length - 32);
}

/** A public key object from the base64 raw key; throws on anything but 32 bytes. */
export function publicKeyFromRaw(base64: string): KeyObject {
  const raw = Buffer.from(base64, "base64");
  if (raw.length !== 32) throw new Error("an Ed25519 public key is 32 bytes");
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: "der", type: "spki" });
}

/** `sha256:<hex>` of the raw public key. */
export function fingerprintOf(rawBase64: string): string {
  return `sha256:${createHash("sha256").update(Buffer.from(rawBase64, "base64")).digest("hex")}`;
}

/** The key id signatures name: the first 16 hex digits of the fingerprint's hash. */
export function keyidOf(rawBase64: string): string {
  return fingerprintOf(rawBase64).slice("sha256:".length, "sha256:".length + 16);
}

/** Reads a PKCS#8 PEM Ed25519 private key; throws with the reason when it is not one. */
export function privateKeyFromPem(pem: string): KeyObject {
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== "ed25519")
    throw new Error(`it is a ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** Signs bytes; base64. */
export function signBytes(key: KeyObject, bytes: Uint8Array): string {
  return sign(null, bytes, key).toString("base64");
}

/** True when `sig` (base64) is the key's signature of `bytes`; false for malformed input. */
export function verifyBytes(publicKey: KeyObject, bytes: Uint8Array, sig: string): boolean {
  const raw = Buffer.from(sig, "base64");
  if (raw.length !== 64) return false;
  try {
    return verify(null, bytes, publicKey, raw);
  } catch {
    return false;
  }
}

/**
 * The bytes an older key signs to endorse a newer one (key rotation the CLI can follow): the new key's id,
 * public key and creation time. Its expiry and revocation are left out: they change later and only ever
 * take trust away.
 */
export function keyEndorsement(entry: Pick<PublicKeyEntry, "keyid" | "publicKey" | "createdAt">): Uint8Array {
  const body = { keyid: entry.keyid, publicKey: entry.publicKey, createdAt: entry.createdAt };
  return new TextEncoder().encode(`connectory.key-endorsement.v1\n${canonicalJson(body)}`);
}
