import fs from "node:fs/promises";
import { ConnectoryError, usageError } from "../../core/errors.js";
import { fingerprintOf } from "../../core/signing/keys.js";
import { openDatabase } from "../../db/open-database.js";
import type { SigningKeyRow } from "../../db/signing-store.js";
import { atomicWrite } from "../../fs/atomic-write.js";
import { createKeyFile, loadSigningKey, signingKeyPath } from "../../registry/signing/load-signing-key.js";
import { registerRotation } from "../../registry/signing/rotate-key.js";
import { newKeyPem, signerFromPem } from "../../registry/signing/signer.js";
import type { AdminContext } from "../command.js";
import { databaseUrl } from "../environment.js";
import { parseOptions, subVerb } from "../parse-options.js";

const VERBS = ["create", "list", "rotate", "revoke"] as const;

/** `connectory-registry keys create|list|rotate|revoke`: the registry's signing keys (docs/deploy.md). */
export async function run(args: string[], ctx: AdminContext): Promise<number> {
  const { values, positionals } = parseOptions("keys", args, {
    out: { type: "string" },
    "expire-old": { type: "string" },
    json: { type: "boolean" },
  });
  const [verbArg, ...rest] = positionals;
  const verb = subVerb("keys", verbArg, VERBS);
  if (verb === "revoke" ? rest.length !== 1 : rest.length > 0)
    throw usageError(verb === "revoke" ? "keys revoke needs one <keyid>" : `keys ${verb} takes no arguments`);
  const expireOld = values["expire-old"];
  if (expireOld !== undefined && Number.isNaN(Date.parse(expireOld)))
    throw usageError(
      `--expire-old "${expireOld.slice(0, 40)}" is not a date`,
      "e.g. --expire-old 2027-01-01T00:00:00Z",
    );
  const json = values.json === true;
  const dbUrl = databaseUrl(ctx.env);
  const print = (data: object, text: string) =>
    ctx.stdout(json ? `${JSON.stringify(data, null, 2)}\n` : `${text}\n`);

  if (verb === "create") {
    // A key for a new registry (or a key kept in a secret manager): written, never registered here.
    const file = values.out ?? signingKeyPath(ctx.env, dbUrl);
    const created = await createKeyFile(file, newKeyPem());
    if (!created.ours)
      throw new ConnectoryError("registry.key.exists", `${file} already holds a key; it was left as it is`, {
        hint: "to replace the key of a running registry use `connectory-registry keys rotate` (clients follow a rotation, not a new key)",
      });
    const signer = signerFromPem(created.pem);
    print(
      { file, keyid: signer.keyid, fingerprint: fingerprintOf(signer.publicKey) },
      `created ${file}: key ${signer.keyid} ${fingerprintOf(signer.publicKey)}`,
    );
    return 0;
  }

  const repo = await openDatabase(dbUrl);
  try {
    if (verb === "list") {
      const rows = await repo.keys.list();
      print(
        { keys: rows.map(view) },
        rows.length
          ? rows.map((r) => line(view(r))).join("\n")
          : "no keys (the registry registers its key at its first start)",
      );
      return 0;
    }
    if (verb === "revoke") {
      const { signer } = await loadSigningKey(ctx.env, dbUrl).catch(() => ({ signer: undefined }));
      if (signer?.keyid === rest[0])
        throw new ConnectoryError("registry.key.current", `${rest[0]} is the key this registry signs with`, {
          hint: "rotate first (`connectory-registry keys rotate`), restart with the new key, then revoke this one",
        });
      const now = ctx.now().toISOString();
      const done = await repo.transaction(async (tx) => {
        const found = await tx.keys.update(rest[0]!, { revokedAt: now });
        if (found) await tx.keys.forgetSignatures(rest[0]!);
        return found;
      });
      if (!done)
        throw new ConnectoryError("registry.key.unknown", `no key ${rest[0]!.slice(0, 40)}`, {
          hint: "`connectory-registry keys list` shows them",
        });
      print(
        { revoked: rest[0], revokedAt: now },
        `revoked ${rest[0]}: clients refuse what it signed; versions it signed must be re-signed (restart the registry: it re-signs versions whose only signatures are by revoked keys)`,
      );
      return 0;
    }
    // rotate: a new key endorsed by the current one, written where the current key is read from.
    const { signer: current } = await loadSigningKey(ctx.env, dbUrl);
    if (ctx.env.SIGNING_KEY && values.out === undefined)
      throw usageError(
        "the key comes from SIGNING_KEY: give --out <file> for the new key",
        "then put the new key in SIGNING_KEY (or SIGNING_KEY_FILE) and restart",
      );
    const file = values.out ?? signingKeyPath(ctx.env, dbUrl);
    const pem = newKeyPem();
    const next = await registerRotation(repo, {
      current,
      nextPem: pem,
      now: ctx.now(),
      ...(expireOld ? { expireCurrentAt: new Date(expireOld).toISOString() } : {}),
    });
    if (values.out === undefined) {
      // The old key file is kept beside the new one: what it signed stays verifiable from the database.
      await fs.copyFile(file, `${file}.${current.keyid}.old`).catch(() => undefined);
    }
    await atomicWrite(file, pem, { mode: 0o600 });
    print(
      { file, keyid: next.keyid, fingerprint: fingerprintOf(next.publicKey), endorsedBy: current.keyid },
      `rotated to key ${next.keyid} ${fingerprintOf(next.publicKey)} (endorsed by ${current.keyid}), written to ${file}; restart every registry process to sign with it`,
    );
    return 0;
  } finally {
    await repo.close();
  }
}

function view(r: SigningKeyRow) {
  return {
    keyid: r.keyid,
    fingerprint: fingerprintOf(r.publicKey),
    createdAt: r.createdAt,
    status: r.revokedAt
      ? "revoked"
      : r.expiresAt && r.expiresAt <= new Date().toISOString()
        ? "expired"
        : "valid",
    ...(r.expiresAt ? { expiresAt: r.expiresAt } : {}),
    ...(r.revokedAt ? { revokedAt: r.revokedAt } : {}),
    ...(r.endorsement ? { endorsedBy: (JSON.parse(r.endorsement) as { keyid: string }).keyid } : {}),
  };
}

function line(v: ReturnType<typeof view>): string {
  return [v.keyid, v.status, v.createdAt, v.fingerprint, v.endorsedBy ? `endorsed by ${v.endorsedBy}` : ""]
    .join("  ")
    .trim();
}
