import { ConnectoryError } from "../../core/errors.js";
import { keyEndorsement, signBytes } from "../../core/signing/keys.js";
import type { RegistryRepository } from "../../db/repository.js";
import { keyRow, signerFromPem, type RegistrySigner } from "./signer.js";

/**
 * Registers `next` as the key after `current`, endorsed by it (clients that pinned `current` follow the
 * chain), optionally ending `current`'s signing at `expireCurrentAt`. `current` keeps verifying what it signed.
 */
export async function registerRotation(
  repo: RegistryRepository,
  input: { current: RegistrySigner; nextPem: string; now: Date; expireCurrentAt?: string },
): Promise<RegistrySigner> {
  const next = signerFromPem(input.nextPem);
  const known = await repo.keys.list();
  const current = known.find((k) => k.keyid === input.current.keyid);
  if (!current || current.revokedAt)
    throw new ConnectoryError(
      "registry.key.unregistered",
      `the current key ${input.current.keyid} is not a valid key of this registry`,
      {
        hint: "start the registry once with it (it registers its key), or rotate from the key it signs with",
      },
    );
  const row = keyRow(next, input.now.toISOString());
  const endorsement = {
    keyid: input.current.keyid,
    sig: signBytes(
      input.current.privateKey,
      keyEndorsement({ keyid: row.keyid, publicKey: row.publicKey, createdAt: row.createdAt }),
    ),
  };
  await repo.transaction(async (tx) => {
    await tx.keys.add({ ...row, endorsement: JSON.stringify(endorsement) });
    if (input.expireCurrentAt)
      await tx.keys.update(input.current.keyid, { expiresAt: input.expireCurrentAt });
  });
  return next;
}
