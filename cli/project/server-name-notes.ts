import type { LockFile } from "../../src/core/project/lock.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import type { ProjectTarget } from "./install-project-connector.js";
import { projectServerNames } from "./project-hosts.js";
import { sayBoth, type SaidBoth, type Speak } from "../terminal/language.js";

/**
 * The project files launch `connectory run <name>` with the lock's names; in this home a name may
 * belong to another server (a hand-written one, or a connector installed earlier that holds it). One
 * note per such name, saying what runs instead and how to see why.
 */
export async function serverNameNotes(
  home: string,
  lock: LockFile,
  targets: readonly Pick<ProjectTarget, "name" | "market">[],
): Promise<SaidBoth[]> {
  const config = await loadEffectiveConfig(home);
  const homeMarket = new Map(targets.map((t) => [t.name, t.market.name]));
  const notes: SaidBoth[] = [];
  for (const { connector, server, name } of projectServerNames(lock)) {
    // Ours whatever its status: needing credentials or disabled is reported with the connector.
    const ours = config.servers.some(
      (x) =>
        x.name === name &&
        x.origin.kind === "connector" &&
        x.origin.connector === connector &&
        x.origin.marketplace === homeMarket.get(connector) &&
        x.sourceName === server,
    );
    if (ours) continue;
    const s = config.servers.find((x) => x.name === name && x.status === "active");
    const what = (t: Speak) =>
      !s
        ? t("sync.name-none", { name })
        : s.origin.kind === "manual"
          ? t("sync.name-manual", { name })
          : s.origin.connector
            ? t("sync.name-connector", { name, connector: s.origin.connector })
            : t("sync.name-other", { name });
    notes.push(sayBoth((t) => t("sync.note-name", { name, connector, what: what(t) })));
  }
  return notes;
}
