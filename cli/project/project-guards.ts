import type { GuardSettings } from "../../src/core/guards/guard-modes.js";
import type { Manifest } from "../../src/core/project/manifest.js";
import { readGuards, replaceGuards, type GuardsFile } from "../home/guards-store.js";

/** The guard entries a manifest wants: `<server>` and `<profile>/<server>` → modes. */
export function wantedGuards(manifest: Manifest): Record<string, GuardSettings> {
  const out: Record<string, GuardSettings> = { ...manifest.guards };
  for (const [profile, p] of Object.entries(manifest.profiles))
    for (const [server, modes] of Object.entries(p.guards)) out[`${profile}/${server}`] = modes;
  return out;
}

function entryOf(file: GuardsFile, key: string): GuardSettings | undefined {
  const [a, b] = key.split("/") as [string, string | undefined];
  const table = b === undefined ? file.servers : file.profiles?.[a];
  const server = b ?? a;
  return table && Object.hasOwn(table, server) ? table[server] : undefined;
}

const text = (g: GuardSettings | undefined) =>
  JSON.stringify(g ? Object.fromEntries(Object.entries(g).sort(([x], [y]) => (x < y ? -1 : 1))) : null);

/** The guard entries of this home that differ from the manifest's, and recorded ones it dropped. */
export async function guardsDrift(home: string, manifest: Manifest, recorded: readonly string[]) {
  const file = await readGuards(home);
  const wanted = wantedGuards(manifest);
  const differ = Object.keys(wanted).filter((k) => text(entryOf(file, k)) !== text(wanted[k]));
  const stale = recorded.filter((k) => !Object.hasOwn(wanted, k) && entryOf(file, k) !== undefined);
  return { differ, stale };
}

/**
 * Sets the manifest's guard modes (replacing that server's own, as tool rules do: the team's agreement
 * wins for what it names) and removes the entries an earlier sync set that the manifest dropped.
 * Returns the keys changed and the keys now recorded for the project.
 */
export async function applyProjectGuards(
  home: string,
  manifest: Manifest,
  recorded: readonly string[],
): Promise<{ changed: string[]; recorded: string[] }> {
  const wanted = wantedGuards(manifest);
  const { differ, stale } = await guardsDrift(home, manifest, recorded);
  if (differ.length + stale.length > 0)
    await replaceGuards(home, (file) => {
      const servers = { ...file.servers };
      const profiles = Object.fromEntries(Object.entries(file.profiles ?? {}).map(([p, t]) => [p, { ...t }]));
      for (const key of [...differ, ...stale]) {
        const [a, b] = key.split("/") as [string, string | undefined];
        const table = b === undefined ? servers : (profiles[a] ??= {});
        const server = b ?? a;
        if (Object.hasOwn(wanted, key)) table[server] = { ...wanted[key] };
        else delete table[server];
        if (b !== undefined && Object.keys(table).length === 0) delete profiles[a];
      }
      return { ...file, servers, ...(Object.keys(profiles).length > 0 ? { profiles } : { profiles: {} }) };
    });
  return { changed: [...differ, ...stale].sort(), recorded: Object.keys(wanted).sort() };
}
