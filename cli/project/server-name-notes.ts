import type { LockFile } from "../../src/core/project/lock.js";
import { loadEffectiveConfig } from "../home/effective-config.js";
import type { ProjectTarget } from "./install-project-connector.js";
import { projectServerNames } from "./project-hosts.js";

/**
 * The project files launch `connectory run <name>` with the lock's names; in this home a name may
 * belong to another server (a hand-written one, or a connector installed earlier that holds it). One
 * note per such name, saying what runs instead and how to see why.
 */
export async function serverNameNotes(
  home: string,
  lock: LockFile,
  targets: readonly Pick<ProjectTarget, "name" | "market">[],
): Promise<string[]> {
  const config = await loadEffectiveConfig(home);
  const homeMarket = new Map(targets.map((t) => [t.name, t.market.name]));
  const notes: string[] = [];
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
    const what = !s
      ? `no active server is named ${name} here`
      : s.origin.kind === "manual"
        ? `your hand-written server ${name} has that name`
        : `${s.origin.connector ?? "another connector"} provides the server named ${name} here`;
    notes.push(
      `the project files start \`connectory run ${name}\` for ${connector}, but ${what}: see \`connectory config --explain\``,
    );
  }
  return notes;
}
