/** A server as provided by one installed connector, before naming. */
export interface ProvidedServer {
  connector: string;
  marketplace: string;
  server: string;
}

/**
 * Deterministic names for connector servers (documented in `config --help` and docs/architecture.md):
 * 1. a server keeps its own name when no other installed connector provides the same name;
 * 2. when several connectors provide the same server name, each becomes `<connector>-<server>`;
 * 3. if that still clashes (the same connector name from two marketplaces, or a coincidence such as
 *    `a`+`b-c` vs `a-b`+`c`), it becomes `<connector>-<marketplace>-<server>`.
 * Naming looks at every installed connector, enabled or not, so enabling or disabling one never renames
 * another's servers. Returns one name per input, in input order; any clash left after rule 3 keeps the
 * same name, and the merge reports the later ones as shadowed rather than dropping them.
 */
export function nameConnectorServers(servers: readonly ProvidedServer[]): string[] {
  const byBase = countBy(servers.map((s) => s.server));
  const first = servers.map((s) =>
    (byBase.get(s.server) ?? 0) > 1 ? `${s.connector}-${s.server}` : s.server,
  );
  const byFirst = countBy(first);
  // Only renamed servers move on to rule 3: a server that kept its own name keeps it.
  return first.map((name, i) => {
    const s = servers[i] as ProvidedServer;
    const renamed = name !== s.server;
    return renamed && (byFirst.get(name) ?? 0) > 1 ? `${s.connector}-${s.marketplace}-${s.server}` : name;
  });
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}
