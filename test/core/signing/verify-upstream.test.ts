import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  fingerprintOf,
  keyEndorsement,
  keyidOf,
  rawPublicKey,
  signBytes,
  type PublicKeyEntry,
} from "../../../src/core/signing/keys.js";
import { signedStatement, versionStatement } from "../../../src/core/signing/statement.js";
import { trustedUpstreamKeys, verifyUpstreamVersion } from "../../../src/core/signing/verify-upstream.js";

// What a mirror checks before storing another Connectory registry's tarball: real Ed25519 keys and
// statements, no doubles.

function key(createdAt = "2026-01-01T00:00:00.000Z"): { priv: KeyObject; entry: PublicKeyEntry } {
  const { privateKey } = generateKeyPairSync("ed25519");
  const publicKey = rawPublicKey(privateKey).toString("base64");
  return {
    priv: privateKey,
    entry: {
      keyid: keyidOf(publicKey),
      algorithm: "ed25519",
      publicKey,
      fingerprint: fingerprintOf(publicKey),
      createdAt,
    },
  };
}

const bytes = { name: "alpha", version: "1.0.0", integrity: "sha512-abc", sha256: "ab".repeat(32), size: 42 };
const statement = versionStatement({
  ...bytes,
  publisher: "acme",
  manifestDigest: "sha256:00",
  publishedAt: "2026-02-01T00:00:00.000Z",
});
const signed = (k: { priv: KeyObject; entry: PublicKeyEntry }) => [
  { keyid: k.entry.keyid, sig: signBytes(k.priv, signedStatement(statement)) },
];

describe("verifyUpstreamVersion", () => {
  const a = key();
  it("accepts a statement about these bytes signed by a trusted key", () => {
    const out = verifyUpstreamVersion([a.entry], { ...bytes, statement, signatures: signed(a) });
    expect(out).toMatchObject({ statement: { integrity: "sha512-abc" } });
  });

  it.each([
    ["unsigned", { statement: undefined, signatures: undefined }, /no signature/],
    ["other bytes", { integrity: "sha512-other" }, /signed integrity/],
    ["another key", { signatures: signed(key()) }, /no trusted upstream key/],
    [
      "a forged signature",
      { signatures: [{ keyid: a.entry.keyid, sig: "AAAA" }] },
      /no trusted upstream key/,
    ],
  ])("refuses %s", (_, change, problem) => {
    const out = verifyUpstreamVersion([a.entry], { ...bytes, statement, signatures: signed(a), ...change });
    expect("problem" in out && out.problem).toMatch(problem);
  });

  it("refuses a revoked key's signature, and one made after the key expired", () => {
    const revoked = verifyUpstreamVersion([{ ...a.entry, revokedAt: "2026-03-01T00:00:00Z" }], {
      ...bytes,
      statement,
      signatures: signed(a),
    });
    expect(revoked).toHaveProperty("problem");
    const expired = verifyUpstreamVersion([{ ...a.entry, expiresAt: "2026-01-15T00:00:00.000Z" }], {
      ...bytes,
      statement,
      signatures: signed(a),
    });
    expect(expired).toHaveProperty("problem");
  });
});

describe("trustedUpstreamKeys", () => {
  it("keeps the pinned keys, adds one a pinned key endorsed, never an unendorsed one", () => {
    const old = key();
    const next = key("2026-06-01T00:00:00.000Z");
    const stranger = key();
    const endorsed = {
      ...next.entry,
      endorsement: { keyid: old.entry.keyid, sig: signBytes(old.priv, keyEndorsement(next.entry)) },
    };
    const trusted = trustedUpstreamKeys([old.entry], [old.entry, endorsed, stranger.entry]);
    expect(trusted.map((k) => k.keyid).sort()).toEqual([old.entry.keyid, next.entry.keyid].sort());
  });

  it("learns a pinned key's revocation from the listing", () => {
    const old = key();
    const trusted = trustedUpstreamKeys([old.entry], [{ ...old.entry, revokedAt: "2026-03-01T00:00:00Z" }]);
    expect(trusted[0]?.revokedAt).toBe("2026-03-01T00:00:00Z");
  });
});
