/** A server as provided by one installed connector, before naming. */
export interface ProvidedServer {
  connector: string;
  marketplace: string;
  server: string;
  /** When the connector was first installed (installed.json `installedAt`, ISO 8601); updates keep it. */
  installedAt?: string;
}

/**
 * Deterministic names for connector servers (documented in `config --help` and docs/architecture.md).
 * Connectors are taken in install order (installedAt, ties by `<connector>@<marketplace>`), and each
 * server takes the first free name of:
 * 1. its own name;
 * 2. `<connector>-<server>`, when an earlier-installed connector already holds that name;
 * 3. `<connector>-<marketplace>-<server>`, when that still clashes (the same connector from two
 *    marketplaces, or a coincidence such as `a`+`b-c` vs `a-b`+`c`).
 * So a name never changes because of a later install: host entries that launch `connectory run
 * <name>` keep working. Naming looks at every installed connector, enabled or not, so enabling or
 * disabling one never renames another's servers. Returns one name per input, in input order; a clash
 * left after rule 3 keeps the name, and the merge reports the later-installed server as shadowed.
 */
export function nameConnectorServers(servers: readonly ProvidedServer[]): string[] {
  const names: string[] = servers.map((s) => s.server);
  const taken = new Set<string>();
  for (const group of byConnector(servers)) {
    // A connector's own names first: one of its servers renamed never takes a name its sibling keeps.
    const renamed: number[] = [];
    for (const i of group) {
      const s = servers[i] as ProvidedServer;
      if (taken.has(s.server)) renamed.push(i);
      else taken.add(s.server);
    }
    for (const i of renamed) {
      const s = servers[i] as ProvidedServer;
      const long = `${s.connector}-${s.marketplace}-${s.server}`;
      const name = [`${s.connector}-${s.server}`, long].find((n) => !taken.has(n)) ?? long;
      taken.add(name);
      names[i] = name;
    }
  }
  return names;
}

/** Input indexes grouped by connector, the groups in install order, each group in package order. */
function byConnector(servers: readonly ProvidedServer[]): number[][] {
  const groups = new Map<string, { first: ProvidedServer; indexes: number[] }>();
  servers.forEach((s, i) => {
    const key = `${s.connector}@${s.marketplace}`;
    const group = groups.get(key);
    if (group) group.indexes.push(i);
    else groups.set(key, { first: s, indexes: [i] });
  });
  return [...groups.values()].sort((a, b) => compareInstalled(a.first, b.first)).map((g) => g.indexes);
}

/**
 * Install order: earlier installedAt first; a missing or unreadable time (a hand-edited installed.json)
 * after every known one; ties by `<connector>@<marketplace>`, so the order is total and deterministic.
 */
export function compareInstalled(
  a: Pick<ProvidedServer, "connector" | "marketplace" | "installedAt">,
  b: Pick<ProvidedServer, "connector" | "marketplace" | "installedAt">,
): number {
  const ta = time(a.installedAt);
  const tb = time(b.installedAt);
  if (ta !== tb) return ta < tb ? -1 : 1;
  const ka = `${a.connector}@${a.marketplace}`;
  const kb = `${b.connector}@${b.marketplace}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function time(installedAt: string | undefined): number {
  const t = typeof installedAt === "string" ? Date.parse(installedAt) : NaN;
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
}
