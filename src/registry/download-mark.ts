import { createHash, randomBytes } from "node:crypto";
import type { DownloadMark } from "../db/connector-rows.js";
import type { RegistryDeps } from "./context.js";

const SALT_KEY = "download_salt";

/** Per registry: the salt (once read) and the last UTC day whose older marks were pruned. */
const state = new WeakMap<RegistryDeps, { salt?: Promise<string>; prunedDay?: string }>();

/**
 * What makes a download count: one client address, one version, one UTC day. The mark stored is
 * sha256(salt, address, name, version, day), with a random salt kept in the database (meta), so a
 * mark neither names the client nor can be reversed by hashing every IPv4 address; marks of past
 * days are pruned (the first count of a day deletes the older ones).
 */
export async function downloadMark(
  deps: RegistryDeps,
  client: string,
  name: string,
  version: string,
): Promise<DownloadMark> {
  let own = state.get(deps);
  if (!own) state.set(deps, (own = {}));
  const salt = await (own.salt ??= readSalt(deps).catch((error: unknown) => {
    own.salt = undefined;
    throw error;
  }));
  const day = deps.now().toISOString().slice(0, 10);
  if (own.prunedDay !== day) {
    own.prunedDay = day;
    await deps.repo.pruneDownloadMarks(day);
  }
  const key = createHash("sha256").update(`${salt}\n${client}\n${name}\n${version}\n${day}`).digest("hex");
  return { key, day };
}

async function readSalt(deps: RegistryDeps): Promise<string> {
  // Every process on the database gets the one salt stored first, even when they race at the very first
  // download (before: each could keep its own until a restart, counting a client once per process).
  return (
    (await deps.repo.getMeta(SALT_KEY)) ??
    deps.repo.ensureMeta(SALT_KEY, randomBytes(32).toString("base64url"))
  );
}
