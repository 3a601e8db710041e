import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { atomicWrite } from "../../src/fs/atomic-write.js";

/** How many backups of one host file are kept. */
export const BACKUPS_KEPT = 10;

/**
 * Saves the previous bytes of a file as <dir>/<name>.<path hash>.<timestamp>.bak (0600: an inline export
 * or a hand-written server may have put secrets in it) and prunes all but the newest `keep` of that same
 * file. The hash of the absolute path keeps files with one name apart (every project's `.mcp.json` has
 * its own ten backups). Returns the path.
 */
export async function backupFile(
  dir: string,
  file: string,
  bytes: string,
  now: Date,
  keep: number,
): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(".", "");
  const hash = createHash("sha256").update(path.resolve(file)).digest("hex").slice(0, 8);
  const base = `${path.basename(file)}.${hash}`;
  let target = path.join(dir, `${base}.${stamp}.bak`);
  for (let n = 1; await exists(target); n += 1) target = path.join(dir, `${base}.${stamp}-${n}.bak`);
  await atomicWrite(target, bytes, { mode: 0o600 });
  const mine = (await fs.readdir(dir)).filter((f) => f.startsWith(base + ".") && f.endsWith(".bak")).sort();
  for (const old of mine.slice(0, Math.max(0, mine.length - keep)))
    await fs.rm(path.join(dir, old), { force: true });
  return target;
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}
