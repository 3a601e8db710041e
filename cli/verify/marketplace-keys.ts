import {
  fingerprintOf,
  keyEndorsement,
  keyidOf,
  publicKeyFromRaw,
  verifyBytes,
  type PublicKeyEntry,
} from "../../src/core/signing/keys.js";
import type { CommandContext } from "../context.js";
import { readTrust, updateTrust, type MarketplaceTrust } from "../home/signing-trust-store.js";
import type { RegistryClient } from "../registry/registry-client.js";
import { status } from "../terminal/output.js";
import { localizedError, say } from "../terminal/language.js";

/** The keys document as the CLI accepts it: every key's id is derived from the key itself. */
export interface ReceivedKeys {
  current?: string;
  logOrigin?: string;
  keys: PublicKeyEntry[];
}

/** Checks `/.well-known/connectory/keys`; a key whose id or fingerprint is not its own is dropped. */
export function readKeysDocument(body: unknown, where: string): ReceivedKeys {
  const list = typeof body === "object" && body !== null ? (body as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(list))
    throw localizedError(
      "marketplace.keys.invalid",
      { key: "keys.none-listed", params: { where } },
      { key: "keys.none-listed-hint" },
    );
  const keys: PublicKeyEntry[] = [];
  for (const k of list as Array<Record<string, unknown>>) {
    if (typeof k?.publicKey !== "string" || k.algorithm !== "ed25519") continue;
    try {
      publicKeyFromRaw(k.publicKey);
    } catch {
      continue;
    }
    if (k.keyid !== keyidOf(k.publicKey) || typeof k.createdAt !== "string") continue;
    const e = k.endorsement as { keyid?: unknown; sig?: unknown } | undefined;
    keys.push({
      keyid: k.keyid,
      algorithm: "ed25519",
      publicKey: k.publicKey,
      fingerprint: fingerprintOf(k.publicKey),
      createdAt: k.createdAt,
      ...(typeof k.expiresAt === "string" ? { expiresAt: k.expiresAt } : {}),
      ...(typeof k.revokedAt === "string" ? { revokedAt: k.revokedAt } : {}),
      ...(e && typeof e.keyid === "string" && typeof e.sig === "string"
        ? { endorsement: { keyid: e.keyid, sig: e.sig } }
        : {}),
    });
  }
  const b = body as { current?: unknown; logOrigin?: unknown };
  return {
    keys,
    ...(typeof b.current === "string" ? { current: b.current } : {}),
    ...(typeof b.logOrigin === "string" ? { logOrigin: b.logOrigin } : {}),
  };
}

/**
 * The keys to pin for a marketplace: exactly the key whose fingerprint is `fingerprint` (and the keys it
 * endorses), or, without one, every key it lists that is not revoked (trust on first use). Stored by
 * saveTrust, which replaces what was pinned: only an explicit user action (or a first use) does this.
 */
export async function pinKeys(
  ctx: CommandContext,
  client: RegistryClient,
  marketplace: { name: string; url: string },
  fingerprint?: string,
): Promise<MarketplaceTrust> {
  const doc = readKeysDocument(await client.signingKeys(), `${client.baseUrl}/.well-known/connectory/keys`);
  let keys = doc.keys.filter((k) => !k.revokedAt);
  if (fingerprint !== undefined) {
    const chosen = doc.keys.find((k) => k.fingerprint === fingerprint);
    if (!chosen || chosen.revokedAt)
      throw localizedError(
        "marketplace.key.unknown",
        { key: "keys.unknown", params: { url: marketplace.url, fingerprint: fingerprint.slice(0, 80) } },
        { key: "keys.unknown-hint" },
      );
    keys = followChain([chosen], doc.keys);
  }
  if (keys.length === 0)
    throw localizedError(
      "marketplace.keys.invalid",
      { key: "keys.none-valid", params: { url: marketplace.url } },
      { key: "keys.none-valid-hint" },
    );
  const trust: MarketplaceTrust = {
    url: marketplace.url,
    pinnedAt: ctx.now().toISOString(),
    keys,
    ...(doc.logOrigin ? { logOrigin: doc.logOrigin } : {}),
  };
  return trust;
}

/**
 * Stores what a verification learned (first-use pins, keys rotated to, the newest checkpoint): called once
 * the command's work succeeded, so a refused install writes nothing. A newer checkpoint stored meanwhile wins.
 */
export async function saveTrust(
  home: string,
  name: string,
  trust: MarketplaceTrust,
  options: { replace?: boolean } = {},
): Promise<void> {
  await updateTrust(home, name, (stored) => {
    if (!stored || options.replace || stored.url !== trust.url) return trust;
    const newer = trust.checkpoint && (!stored.checkpoint || stored.checkpoint.size < trust.checkpoint.size);
    return { ...stored, keys: trust.keys, ...(newer ? { checkpoint: trust.checkpoint } : {}) };
  });
}

/** The keys of `pinned` plus every key of `all` endorsed, link by link, by a pinned key that is not revoked. */
export function followChain(pinned: PublicKeyEntry[], all: PublicKeyEntry[]): PublicKeyEntry[] {
  const out = [...pinned];
  for (let changed = true; changed;) {
    changed = false;
    for (const k of all) {
      if (out.some((p) => p.keyid === k.keyid) || !k.endorsement) continue;
      const by = out.find((p) => p.keyid === k.endorsement!.keyid && !p.revokedAt);
      if (by && verifyBytes(publicKeyFromRaw(by.publicKey), keyEndorsement(k), k.endorsement.sig)) {
        out.push(k);
        changed = true;
      }
    }
  }
  return out;
}

/**
 * The pinned keys of a marketplace; on first use (the default marketplace, or one added before keys were
 * pinned) they are pinned now, and the fingerprint is printed.
 */
export async function trustedKeys(
  ctx: CommandContext,
  client: RegistryClient,
  marketplace: { name: string; url: string },
): Promise<MarketplaceTrust> {
  const known = (await readTrust(ctx.home))[marketplace.name];
  if (known && known.url === marketplace.url) return known;
  const trust = await pinKeys(ctx, client, marketplace);
  const shown = trust.keys.map((k) => k.fingerprint).join(", ");
  status(ctx, say("install.pinned-key", { name: marketplace.name, keys: shown }));
  return trust;
}

/**
 * Learns keys the registry rotated to, only through a chain from a pinned key, and the revocations and
 * expiries of pinned keys (they only ever take trust away). Returns the updated trust.
 */
export async function refreshKeys(
  ctx: CommandContext,
  client: RegistryClient,
  name: string,
  trust: MarketplaceTrust,
): Promise<MarketplaceTrust> {
  const doc = readKeysDocument(await client.signingKeys(), `${client.baseUrl}/.well-known/connectory/keys`);
  const tightened = trust.keys.map((p) => {
    const now = doc.keys.find((k) => k.keyid === p.keyid);
    return {
      ...p,
      ...(now?.revokedAt && !p.revokedAt ? { revokedAt: now.revokedAt } : {}),
      ...(now?.expiresAt && (!p.expiresAt || now.expiresAt < p.expiresAt)
        ? { expiresAt: now.expiresAt }
        : {}),
    };
  });
  const next = { ...trust, keys: followChain(tightened, doc.keys) };
  const learned = next.keys.filter((k) => !trust.keys.some((p) => p.keyid === k.keyid));
  if (JSON.stringify(next.keys) === JSON.stringify(trust.keys)) return trust;
  for (const k of learned) status(ctx, say("keys.rotated", { name, fingerprint: k.fingerprint }));
  return next;
}
