import fs from "node:fs/promises";
import path from "node:path";

/**
 * A folder named relative to a checkout (a marketplace plugin's `source`), only if it is really inside
 * it: no component on the way is a symbolic link (lstat of each), and its real path is inside the
 * checkout's real path. Returns the real folder, or why not in words. A link to `~/.aws` is never read.
 */
export async function folderInside(
  root: string,
  relative: string,
): Promise<{ folder: string } | { refused: string }> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch {
    return { refused: `the checkout ${root} does not exist` };
  }
  const target = path.resolve(realRoot, relative);
  const rel = path.relative(realRoot, target);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel))
    return { refused: `${relative} is outside the checkout ${root}` };
  let at = realRoot;
  for (const part of rel.split(path.sep)) {
    at = path.join(at, part);
    const stat = await fs.lstat(at).catch(() => undefined);
    if (!stat) return { refused: `${relative} is not in the checkout ${root}` };
    if (stat.isSymbolicLink())
      return {
        refused: `${relative} passes through a symbolic link (${path.relative(realRoot, at)}): copy the folder into the checkout`,
      };
  }
  const real = await fs.realpath(target);
  const inside = path.relative(realRoot, real);
  if (inside === "" || inside.startsWith("..") || path.isAbsolute(inside))
    return { refused: `${relative} resolves outside the checkout ${root}` };
  return { folder: real };
}
