import { isConnectoryError } from "../../src/core/errors.js";
import { manifestDigest } from "../../src/core/signing/statement.js";
import type { PackageFiles } from "../../src/core/types.js";
import type { CommandContext } from "../context.js";
import type { MarketplaceTrust } from "../home/signing-trust-store.js";
import type { RegistryClient } from "../registry/registry-client.js";
import { currentCheckpoint, verifyInclusionIn } from "./log-inclusion.js";
import { refreshKeys, trustedKeys } from "./marketplace-keys.js";
import { signatureError } from "./signature-error.js";
import { checkStatement, verifySignature, type Expected, type SignedRelease } from "./verify-statement.js";

type SignedParts = { statement?: unknown; signatures?: unknown; log?: unknown };

/**
 * Verifies a version a marketplace offers, before a byte of its tarball is trusted: a signature by a
 * pinned key (keys the registry rotated to are learned through a chain), the statement matching the
 * document's dist, and, unless `log: false`, its inclusion in the transparency log under a checkpoint
 * consistent with the one remembered. Writes nothing: the caller stores the returned trust (saveTrust)
 * once its own work succeeded.
 */
export async function verifyRelease(
  ctx: CommandContext,
  client: RegistryClient,
  marketplace: string,
  dist: SignedParts,
  expected: Expected,
  options: { log?: boolean } = {},
): Promise<{ release: SignedRelease; trust: MarketplaceTrust }> {
  const label = `${expected.name}@${expected.version}`;
  const mk = { name: marketplace, url: client.baseUrl };
  let trust = await trustedKeys(ctx, client, mk);
  let release: SignedRelease;
  try {
    release = verifySignature(trust.keys, dist, label);
  } catch (error) {
    if (!isConnectoryError(error) || error.code !== "install.signature.unknown-key") throw error;
    trust = await refreshKeys(ctx, client, marketplace, trust);
    release = verifySignature(trust.keys, dist, label);
  }
  checkStatement(release.statement, expected, label);
  if (options.log !== false) {
    const checkpoint = await currentCheckpoint(client, marketplace, trust, label);
    await verifyInclusionIn(client, checkpoint, release, label);
  }
  return { release, trust };
}

/** The manifest digest of a package's plugin.json, as the registry signs it. */
export function packageManifestDigest(files: PackageFiles, label: string): string {
  const bytes = files.get("plugin.json");
  try {
    return manifestDigest(JSON.parse(new TextDecoder().decode(bytes)) as object);
  } catch {
    throw signatureError(
      "mismatch",
      label,
      "its plugin.json cannot be read to compare with what the registry signed",
    );
  }
}
