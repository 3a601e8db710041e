import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { PackageFiles } from "../../src/core/types.js";
import { sayEnglish, type Speak } from "../terminal/language.js";

/** sha256 (hex) of every file of a package, keyed by its path inside the package (`/` separated). */
export function hashFiles(files: PackageFiles): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : 1)))
    out[file] = createHash("sha256").update(bytes).digest("hex");
  return out;
}

/** How a cached version differs from what was installed; all empty when it is intact. */
export interface CacheDamage {
  changed: string[];
  missing: string[];
  /** Files (or links, devices…) that were not in the package. */
  added: string[];
}

/**
 * Compares a cached version folder with the hashes recorded at install: every file's bytes, and no
 * file more. A tarball holds no links, so a link in the folder is an addition (never followed).
 */
export async function verifyCache(dir: string, recorded: Record<string, string>): Promise<CacheDamage> {
  const damage: CacheDamage = { changed: [], missing: [], added: [] };
  const seen = new Set<string>();
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    await Promise.all(
      entries.map(async (e) => {
        const file = rel === "" ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) return walk(file);
        if (!e.isFile() || !Object.hasOwn(recorded, file)) return void damage.added.push(file);
        seen.add(file);
        const bytes = await fs.readFile(path.join(dir, file));
        if (createHash("sha256").update(bytes).digest("hex") !== recorded[file]) damage.changed.push(file);
      }),
    );
  };
  await walk("");
  for (const file of Object.keys(recorded)) if (!seen.has(file)) damage.missing.push(file);
  for (const list of [damage.changed, damage.missing, damage.added]) list.sort();
  return damage;
}

/** True when verifyCache found nothing. */
export function intact(d: CacheDamage): boolean {
  return d.changed.length + d.missing.length + d.added.length === 0;
}

/**
 * "server/index.js changed; README.md missing; evil.js added": the damage in one line (at most 5 names
 * each), in English unless told to speak the run's language.
 */
export function describeDamage(d: CacheDamage, speak: Speak = sayEnglish): string {
  const part = (list: string[], key: "damage.changed" | "damage.missing" | "damage.added") => {
    if (list.length === 0) return [];
    const shown = list.slice(0, 5).join(", ");
    const files = list.length > 5 ? speak("damage.more", { files: shown, n: list.length - 5 }) : shown;
    return [speak(key, { files })];
  };
  return [
    ...part(d.changed, "damage.changed"),
    ...part(d.missing, "damage.missing"),
    ...part(d.added, "damage.added"),
  ].join("; ");
}
