import fs from "node:fs/promises";
import path from "node:path";
import { isConnectoryError, type ConnectoryError } from "../../src/core/errors.js";
import { manifestDigest } from "../../src/core/signing/statement.js";
import type { InstalledEntry } from "../home/installed-store.js";
import { readTrust } from "../home/signing-trust-store.js";
import { signatureError } from "./signature-error.js";
import { checkStatement, verifySignature } from "./verify-statement.js";

/**
 * Verifies an installed version offline (`run` before launching, `doctor`): the statement and signature
 * the cache kept, against the marketplace's pinned keys, and the statement against the install record and
 * the cached plugin.json. Undefined when sound or when it was installed before signatures were kept
 * (`unsigned` says so); the coded error otherwise.
 */
export async function verifyInstalled(
  home: string,
  entry: InstalledEntry,
  pluginRoot: string,
): Promise<{ error?: ConnectoryError; unsigned?: boolean }> {
  if (!entry.signed) return { unsigned: true };
  const label = `${entry.name}@${entry.version}`;
  try {
    const trust = (await readTrust(home))[entry.marketplace];
    if (!trust)
      throw signatureError(
        "unknown-key",
        label,
        `no signing key of marketplace ${entry.marketplace} is pinned`,
      );
    const { statement } = verifySignature(trust.keys, entry.signed, label);
    const manifest = await fs.readFile(path.join(pluginRoot, "plugin.json"), "utf8").catch(() => "null");
    let digest: string | undefined;
    try {
      digest = manifestDigest(JSON.parse(manifest) as object);
    } catch {
      digest = "unreadable";
    }
    checkStatement(
      statement,
      {
        name: entry.name,
        version: entry.version,
        integrity: entry.integrity,
        sha256: entry.sha256,
        manifestDigest: digest,
      },
      label,
    );
    return {};
  } catch (error) {
    if (isConnectoryError(error)) return { error };
    throw error;
  }
}
