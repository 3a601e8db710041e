import { generateKeyPairSync } from "node:crypto";
import type { PackageFiles } from "../../src/core/types.js";
import { computeIntegrity } from "../../src/package/integrity.js";
import { fingerprintOf, keyidOf, rawPublicKey, signBytes } from "../../src/core/signing/keys.js";
import { manifestDigest, signedStatement, versionStatement } from "../../src/core/signing/statement.js";
import { signCheckpoint } from "../../src/core/tlog/checkpoint.js";
import {
  consistencyProof,
  inclusionProof,
  leafHash,
  nodeHash,
  rootHash,
  type Hash,
} from "../../src/core/tlog/merkle.js";

/**
 * The fake registry's signing key and transparency log: versions signed and logged as the real registry
 * does (src/registry/signing/, src/registry/tlog/), in memory, with switches to misbehave.
 */
export class FakeSigner {
  privateKey = generateKeyPairSync("ed25519").privateKey;
  readonly origin = "fake.registry.test/connectory-log";
  readonly leaves: Hash[] = [];
  /** Extra keys listed at /.well-known/connectory/keys (rotations, revocations). */
  extraKeys: Array<Record<string, unknown>> = [];
  revokedAt: string | undefined;

  get publicKey(): string {
    return rawPublicKey(this.privateKey).toString("base64");
  }

  get fingerprint(): string {
    return fingerprintOf(this.publicKey);
  }

  /** Signs and logs a version's statement; the signed parts of its `dist`. */
  sign(
    files: PackageFiles,
    bytes: Uint8Array,
    override: { name?: string; version?: string; provenance?: Record<string, string> } = {},
  ): Record<string, unknown> {
    const manifest = JSON.parse(new TextDecoder().decode(files.get("plugin.json"))) as Record<string, string>;
    const digest = computeIntegrity(bytes);
    const statement = versionStatement({
      name: override.name ?? manifest.name!,
      version: override.version ?? manifest.version!,
      publisher: manifest.publisher ?? "acme",
      ...digest,
      manifestDigest: manifestDigest(manifest),
      publishedAt: "2026-01-01T00:00:00.000Z",
      ...(override.provenance
        ? {
            provenance: {
              issuer: "https://token.actions.githubusercontent.com",
              repository: "acme/x",
              workflow: "release.yml",
              ...override.provenance,
            },
          }
        : {}),
    });
    const data = signedStatement(statement);
    this.leaves.push(leafHash(data));
    return {
      statement,
      signatures: [{ keyid: keyidOf(this.publicKey), sig: signBytes(this.privateKey, data) }],
      log: { index: this.leaves.length - 1 },
    };
  }

  private node = (level: number, index: number): Hash =>
    level === 0
      ? this.leaves[index]!
      : nodeHash(this.node(level - 1, index * 2), this.node(level - 1, index * 2 + 1));

  /** The answer to a keys or log request, or undefined for other paths. */
  answer(url: URL): { status: number; body: unknown } | undefined {
    const n = (k: string) => Number(url.searchParams.get(k));
    const b64 = (hs: Hash[]) => hs.map((h) => Buffer.from(h).toString("base64"));
    switch (url.pathname) {
      case "/.well-known/connectory/keys":
        return {
          status: 200,
          body: {
            current: keyidOf(this.publicKey),
            logOrigin: this.origin,
            keys: [
              {
                keyid: keyidOf(this.publicKey),
                algorithm: "ed25519",
                publicKey: this.publicKey,
                fingerprint: this.fingerprint,
                createdAt: "2026-01-01T00:00:00.000Z",
                ...(this.revokedAt ? { revokedAt: this.revokedAt } : {}),
              },
              ...this.extraKeys,
            ],
          },
        };
      case "/v1/log/checkpoint": {
        const size = this.leaves.length;
        const root = rootHash(size, this.node);
        return {
          status: 200,
          body: signCheckpoint(
            { origin: this.origin, size, root },
            this.privateKey,
            rawPublicKey(this.privateKey),
          ),
        };
      }
      case "/v1/log/proof/inclusion":
        return { status: 200, body: { proof: b64(inclusionProof(n("index"), n("size"), this.node)) } };
      case "/v1/log/proof/consistency":
        return { status: 200, body: { proof: b64(consistencyProof(n("from"), n("to"), this.node)) } };
      default:
        return undefined;
    }
  }
}
