import { ConnectoryError } from "../../src/core/errors.js";
import type { ExplainedServer } from "../../src/core/merge.js";
import { isRemote } from "../../src/core/types.js";
import type { EffectiveConfig } from "../home/effective-config.js";
import { reinstallCommand, type InstalledEntry } from "../home/installed-store.js";
import { describeDamage, intact, verifyCache, type CacheDamage } from "./file-hashes.js";
import { verifyInstalled } from "../verify/verify-installed.js";
import { say, sayEnglish, type Said } from "../terminal/language.js";

/** One installed connector's cache checked against the hashes recorded at install. */
export interface CacheCheck {
  key: string;
  entry: InstalledEntry;
  /** Undefined when no hashes were recorded (installed before they were). */
  damage?: CacheDamage;
  /** The registry signature kept at install does not verify (cli/verify/verify-installed.ts). */
  signature?: ConnectoryError;
}

/** Checks every installed connector's cached files and kept signature, offline (doctor). */
export async function checkCaches(config: EffectiveConfig, home: string): Promise<CacheCheck[]> {
  return Promise.all(
    config.connectors.map(async ({ key, entry, input }) => {
      const { error } = await verifyInstalled(home, entry, input.pluginRoot);
      return {
        key,
        entry,
        ...(entry.files ? { damage: await verifyCache(input.pluginRoot, entry.files) } : {}),
        ...(error ? { signature: error } : {}),
      };
    }),
  );
}

/**
 * Before a connector's stdio server is launched (`run`): its cached version must hold exactly the files
 * that were installed. A changed, missing or added file refuses the launch with `run.cache.tampered`
 * and the command that repairs it. Remote servers launch nothing from the cache.
 */
export async function verifyBeforeLaunch(
  config: EffectiveConfig,
  server: ExplainedServer,
  home?: string,
): Promise<void> {
  if (server.origin.kind !== "connector" || isRemote(server.server)) return;
  const found = config.connectors.find(
    (c) => c.entry.name === server.origin.connector && c.entry.marketplace === server.origin.marketplace,
  );
  if (!found) return;
  if (found.entry.files) {
    const damage = await verifyCache(found.input.pluginRoot, found.entry.files);
    if (!intact(damage)) throw tampered(found.entry, damage);
  }
  // The registry's signature, kept at install, verified offline against the pinned keys.
  if (home !== undefined) {
    const { error } = await verifyInstalled(home, found.entry, found.input.pluginRoot);
    if (error) throw error;
  }
}

export function tampered(entry: InstalledEntry, damage: CacheDamage): ConnectoryError {
  const label = `${entry.name}@${entry.version}`;
  const hint: Said = { key: "cache.tampered-hint", params: { command: reinstallCommand(entry, true) } };
  // The damage list is words too: English in the error (--json), the run's language when printed.
  return new ConnectoryError(
    "run.cache.tampered",
    sayEnglish("cache.tampered", { label, damage: describeDamage(damage) }),
    {
      hint: sayEnglish(hint.key, hint.params),
      localized: {
        message: { key: "cache.tampered", params: { label, damage: describeDamage(damage, say) } },
        hint,
      },
    },
  );
}
