/** A home file of per-server entries, with per-profile tables layered on (guards, limits, tool rules). */
export interface ServerTablesFile<V> {
  version: 1;
  servers: Record<string, V>;
  profiles?: Record<string, Record<string, V>>;
}

/**
 * The file with `server`'s entry (in `profile`'s table when given) replaced by `fn(current)`: `undefined`
 * removes it, and a profile table left empty goes with it. The file itself is not changed.
 */
export function withServerEntry<F extends ServerTablesFile<unknown>, V = F["servers"][string]>(
  file: F,
  server: string,
  profile: string | undefined,
  fn: (current: V | undefined) => V | undefined,
): F {
  const profiles = { ...(file.profiles ?? {}) };
  const own =
    profile === undefined ? file.servers : Object.hasOwn(profiles, profile) ? profiles[profile] : undefined;
  const table = { ...(own ?? {}) } as Record<string, V>;
  const entry = fn(Object.hasOwn(table, server) ? table[server] : undefined);
  if (entry === undefined) delete table[server];
  else table[server] = entry;
  if (profile === undefined) return { ...file, servers: table };
  if (Object.keys(table).length > 0) profiles[profile] = table;
  else delete profiles[profile];
  const next = { ...file };
  if (Object.keys(profiles).length > 0) next.profiles = profiles;
  else delete next.profiles;
  return next;
}
