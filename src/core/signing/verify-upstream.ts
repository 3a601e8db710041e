import {
  keyEndorsement,
  keyidOf,
  publicKeyFromRaw,
  verifyBytes,
  type PublicKeyEntry,
  type Signature,
} from "./keys.js";
import { readStatement, signedStatement, type VersionStatement } from "./statement.js";

// What a mirror checks before it stores a version another Connectory registry serves (docs/security.md,
// "Mirrors"): the upstream's signed statement names these very bytes, and one of the upstream's trusted
// keys signed it. Pure: the mirror fetches the keys document, the version's `dist` and the tarball.

/** The upstream keys a mirror trusts: those pinned at its first pass, and any a trusted key endorsed since. */
export function trustedUpstreamKeys(pinned: PublicKeyEntry[], listed: PublicKeyEntry[]): PublicKeyEntry[] {
  const usable = (k: PublicKeyEntry) => k.algorithm === "ed25519" && keyidOf(k.publicKey) === k.keyid;
  const trusted = new Map(pinned.filter(usable).map((k) => [k.keyid, k]));
  // Listed keys update what is known of pinned ones (a revocation, an expiry); an endorsed key joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const k of listed.filter(usable)) {
      const known = trusted.get(k.keyid);
      if (known) {
        if (known.publicKey === k.publicKey && (k.revokedAt ?? k.expiresAt) !== undefined)
          trusted.set(k.keyid, { ...known, ...k });
        continue;
      }
      const by = k.endorsement && trusted.get(k.endorsement.keyid);
      if (
        by &&
        !by.revokedAt &&
        verifyBytes(publicKeyFromRaw(by.publicKey), keyEndorsement(k), k.endorsement!.sig)
      ) {
        trusted.set(k.keyid, k);
        grew = true;
      }
    }
  }
  return [...trusted.values()];
}

/** What the mirror received of one version: the bytes' digests and the `dist` signature parts. */
export interface UpstreamVersion {
  name: string;
  version: string;
  integrity: string;
  sha256: string;
  size: number;
  statement: unknown;
  signatures: unknown;
}

/**
 * The verified statement and signatures, or why the version may not be mirrored: unsigned, signed by no
 * trusted key (or a revoked one, or one expired before it signed), or a statement about other bytes.
 */
export function verifyUpstreamVersion(
  keys: PublicKeyEntry[],
  v: UpstreamVersion,
): { statement: VersionStatement; signatures: Signature[] } | { problem: string } {
  if (v.statement === undefined || v.signatures === undefined)
    return { problem: "the upstream sent no signature for it" };
  const { statement, problem } = readStatement(v.statement);
  if (!statement) return { problem: `its signed statement is unreadable: ${problem}` };
  for (const field of ["name", "version", "integrity", "sha256", "size"] as const) {
    if (statement[field] !== v[field])
      return {
        problem: `the upstream signed ${field} ${String(statement[field]).slice(0, 40)}, not these bytes`,
      };
  }
  const signatures = Array.isArray(v.signatures)
    ? (v.signatures as unknown[]).filter(
        (s): s is Signature =>
          typeof s === "object" &&
          s !== null &&
          typeof (s as Signature).keyid === "string" &&
          typeof (s as Signature).sig === "string",
      )
    : [];
  const bytes = signedStatement(statement);
  for (const s of signatures.slice(0, 16)) {
    const key = keys.find((k) => k.keyid === s.keyid);
    if (!key || key.revokedAt || (key.expiresAt && statement.publishedAt >= key.expiresAt)) continue;
    if (verifyBytes(publicKeyFromRaw(key.publicKey), bytes, s.sig))
      return { statement, signatures: signatures.map((x) => ({ keyid: x.keyid, sig: x.sig })) };
  }
  return {
    problem: `no trusted upstream key signed it (signed by ${signatures.map((s) => s.keyid).join(", ") || "none"})`,
  };
}
