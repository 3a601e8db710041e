import path from "node:path";
import { withLock } from "../../src/fs/lock.js";
import { forgetConnectorCredentials, readCredentials } from "../credentials/credentials-store.js";
import { cacheDir } from "../home/home.js";
import { updateInstalled, type InstalledEntry } from "../home/installed-store.js";
import { pinnedFrom, readPins, removePins } from "../home/pins-store.js";
import { connectorLock, pruneVersions } from "./commit-version.js";

/**
 * Removes an installed connector (`uninstall`, and `sync` for what a project's lock no longer lists):
 * its installed.json record first (from then on every command sees it gone), then its credentials, its
 * pinned tools and its cached versions, under the connector's lock.
 */
export async function removeConnector(
  home: string,
  key: string,
  entry: InstalledEntry,
): Promise<{ hadCredentials: boolean }> {
  return withLock(connectorLock(home, key), async () => {
    // Read before the first write: a credentials.json that cannot be read must stop the uninstall
    // here, not after the record is gone with the credentials and files left behind.
    const hadCredentials = Object.hasOwn((await readCredentials(home)).connectors, key);
    await readPins(home); // the same for pins.json
    await updateInstalled(home, (all) => {
      const next = { ...all };
      delete next[key];
      return next;
    });
    if (hadCredentials) await forgetConnectorCredentials(home, key);
    await removePins(home, pinnedFrom(entry.name, entry.marketplace));
    await pruneVersions(
      path.dirname(cacheDir(home, entry.marketplace, entry.name, entry.version)),
      undefined,
    );
    return { hadCredentials };
  });
}
