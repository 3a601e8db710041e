import { ConnectoryError } from "../../core/errors.js";
import type { RegistryDeps } from "../context.js";
import { originFor } from "../tlog/append.js";
import { keyRow } from "./signer.js";

const ORIGIN_KEY = "tlog_origin";

/**
 * Start-up: registers the signing key's public half (a new registry's first key; an operator's rotated
 * key is registered by `keys rotate` with its endorsement), refuses a revoked or expired key, and fixes
 * the log's origin on the first start (a later PUBLIC_URL must not fork the log).
 */
export async function prepareSigning(deps: RegistryDeps): Promise<void> {
  const { signer } = deps.signing;
  const keys = await deps.repo.keys.list();
  const known = keys.find((k) => k.keyid === signer.keyid);
  if (known?.revokedAt) {
    throw new ConnectoryError(
      "registry.key.revoked",
      `the signing key ${signer.keyid} was revoked on ${known.revokedAt}`,
      {
        hint: "start with a valid key: `connectory-registry keys rotate` writes a new one (set SIGNING_KEY_FILE to it)",
      },
    );
  }
  if (known?.expiresAt && known.expiresAt <= deps.now().toISOString()) {
    throw new ConnectoryError(
      "registry.key.expired",
      `the signing key ${signer.keyid} expired on ${known.expiresAt}`,
      {
        hint: "rotate it: `connectory-registry keys rotate`, then point SIGNING_KEY_FILE at the new key",
      },
    );
  }
  const origin = await deps.repo.getMeta(ORIGIN_KEY);
  if (known && origin) {
    deps.signing.origin = origin;
    return;
  }
  const chosen = origin ?? originFor(deps.publicUrl);
  await deps.repo.transaction(async (tx) => {
    if (!known) await tx.keys.add(keyRow(signer, deps.now().toISOString()));
    if (!origin) await tx.setMeta(ORIGIN_KEY, chosen);
  });
  deps.signing.origin = chosen;
}
