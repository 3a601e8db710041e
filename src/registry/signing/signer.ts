import { generateKeyPairSync, type KeyObject } from "node:crypto";
import {
  keyidOf,
  privateKeyFromPem,
  rawPublicKey,
  signBytes,
  type Signature,
} from "../../core/signing/keys.js";
import { signedStatement, versionStatement, type StatementFields } from "../../core/signing/statement.js";
import type { SigningKeyRow } from "../../db/signing-store.js";

/** The key this registry process signs with (docs/deploy.md, "Signing keys"). */
export interface RegistrySigner {
  keyid: string;
  /** base64 of the raw public key. */
  publicKey: string;
  privateKey: KeyObject;
}

/** A signer from a PKCS#8 PEM Ed25519 private key (SIGNING_KEY / SIGNING_KEY_FILE). */
export function signerFromPem(pem: string): RegistrySigner {
  return signerOf(privateKeyFromPem(pem));
}

/** A fresh key held in memory only: registries built without one (tests, one-off tools). */
export function ephemeralSigner(): RegistrySigner {
  return signerOf(generateKeyPairSync("ed25519").privateKey);
}

function signerOf(privateKey: KeyObject): RegistrySigner {
  const publicKey = rawPublicKey(privateKey).toString("base64");
  return { keyid: keyidOf(publicKey), publicKey, privateKey };
}

/** A new key's PKCS#8 PEM (`connectory-registry keys create|rotate`). */
export function newKeyPem(): string {
  return generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

/** The signing_keys row of a signer seen for the first time. */
export function keyRow(signer: RegistrySigner, createdAt: string): SigningKeyRow {
  return {
    keyid: signer.keyid,
    publicKey: signer.publicKey,
    createdAt,
    expiresAt: null,
    revokedAt: null,
    endorsement: null,
  };
}

/** A version's statement (canonical JSON), its signed bytes and its signatures, as the version row keeps them. */
export function signVersion(
  signer: RegistrySigner,
  fields: StatementFields,
): { statement: string; signatures: string; bytes: Uint8Array } {
  const statement = versionStatement(fields);
  const bytes = signedStatement(statement);
  const signatures: Signature[] = [{ keyid: signer.keyid, sig: signBytes(signer.privateKey, bytes) }];
  // The stored statement is the signed text after its one-line prefix: canonical JSON.
  const text = new TextDecoder().decode(bytes);
  return { statement: text.slice(text.indexOf("\n") + 1), signatures: JSON.stringify(signatures), bytes };
}
