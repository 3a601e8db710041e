import {
  publicKeyFromRaw,
  verifyBytes,
  type PublicKeyEntry,
  type Signature,
} from "../../src/core/signing/keys.js";
import { readStatement, signedStatement, type VersionStatement } from "../../src/core/signing/statement.js";
import { signatureError } from "./signature-error.js";

/** A verified statement with its signatures and log position: what the cache keeps for offline checks. */
export interface SignedRelease {
  statement: VersionStatement;
  signatures: Signature[];
  log?: { index: number };
}

/** What the CLI knows independently of the statement, compared field by field. */
export interface Expected {
  name: string;
  version: string;
  integrity?: string;
  sha256?: string;
  size?: number;
  manifestDigest?: string;
}

/**
 * Verifies a version's signed parts (a `dist`, or what the cache kept) against the pinned keys: one
 * signature by a pinned key that is not revoked, and not expired when the version was published. Pure.
 * Throws `install.signature.*` naming what failed.
 */
export function verifySignature(
  keys: PublicKeyEntry[],
  parts: { statement?: unknown; signatures?: unknown; log?: unknown },
  label: string,
): SignedRelease {
  if (parts.statement === undefined || parts.signatures === undefined)
    throw signatureError("missing", label, "the registry sent no signature for this version");
  const { statement, problem } = readStatement(parts.statement);
  if (!statement) throw signatureError("malformed", label, `its signed statement is unreadable: ${problem}`);
  const signatures = readSignatures(parts.signatures);
  if (!signatures)
    throw signatureError("malformed", label, "its signatures are not a list of { keyid, sig }");
  const bytes = signedStatement(statement);
  let failure: "unknown-key" | "revoked" | "expired" | "invalid" = "unknown-key";
  let detail = `it is signed by ${signatures.map((s) => s.keyid).join(", ") || "no key"}, none of them pinned`;
  for (const s of signatures) {
    const key = keys.find((k) => k.keyid === s.keyid);
    if (!key) continue;
    if (key.revokedAt) {
      if (failure === "unknown-key")
        [failure, detail] = [
          "revoked",
          `the key ${key.keyid} that signed it was revoked on ${key.revokedAt}`,
        ];
      continue;
    }
    if (!verifyBytes(publicKeyFromRaw(key.publicKey), bytes, s.sig)) {
      [failure, detail] = ["invalid", `its signature by ${key.keyid} does not verify`];
      continue;
    }
    if (key.expiresAt && statement.publishedAt >= key.expiresAt) {
      if (failure !== "invalid")
        [failure, detail] = [
          "expired",
          `the key ${key.keyid} expired on ${key.expiresAt}, before it was signed`,
        ];
      continue;
    }
    const log = readLog(parts.log);
    return { statement, signatures, ...(log ? { log } : {}) };
  }
  throw signatureError(failure, label, detail);
}

/** Compares a verified statement with what the CLI asked for and received; `install.signature.mismatch`. */
export function checkStatement(statement: VersionStatement, expected: Expected, label: string): void {
  for (const field of ["name", "version", "integrity", "sha256", "size", "manifestDigest"] as const) {
    const want = expected[field];
    if (want === undefined || statement[field] === want) continue;
    throw signatureError(
      "mismatch",
      label,
      `the registry signed ${field} ${String(statement[field]).slice(0, 40)}, but it is ${String(want).slice(0, 40)}`,
    );
  }
}

function readSignatures(value: unknown): Signature[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > 16) return undefined;
  const ok = value.every(
    (s) =>
      typeof s === "object" &&
      s !== null &&
      typeof (s as Signature).keyid === "string" &&
      typeof (s as Signature).sig === "string",
  );
  return ok ? (value as Signature[]).map((s) => ({ keyid: s.keyid, sig: s.sig })) : undefined;
}

function readLog(value: unknown): { index: number } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const index = (value as { index?: unknown }).index;
  return typeof index === "number" && Number.isSafeInteger(index) && index >= 0 ? { index } : undefined;
}
