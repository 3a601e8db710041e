/**
 * The version a connector is described by (its listing fields, its page): `latest`, else the highest
 * version not yanked, else the highest. `ascending` is sorted by semver, as connector documents are.
 */
export function shownVersion<V extends { version: string; yanked: boolean }>(
  ascending: readonly V[],
  latest: string | undefined,
): V | undefined {
  return (
    ascending.find((v) => v.version === latest) ??
    [...ascending].reverse().find((v) => !v.yanked) ??
    ascending[ascending.length - 1]
  );
}
