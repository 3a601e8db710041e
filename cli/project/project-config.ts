import { parseConfigPairs } from "../install/collect-credentials.js";
import { localizedUsageError } from "../terminal/language.js";

/**
 * `--config` for a project: `K=V` goes to every connector that declares K, `<connector>.K=V` to that
 * one only. `declared` is each connector's credential keys from the lock; undefined for a connector
 * being resolved now (its keys are not known yet: it takes its `<connector>.K=V` pairs, and its
 * token-schema.json refuses a key it does not declare). A key no connector takes is a usage error
 * before anything changes, so a typo never passes silently. Returns the pairs by connector.
 */
export function projectConfig(
  pairs: readonly string[],
  declared: Record<string, readonly string[] | undefined>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const unused: string[] = [];
  for (const [key, value] of Object.entries(parseConfigPairs(pairs))) {
    const dot = key.indexOf(".");
    const prefix = dot === -1 ? undefined : key.slice(0, dot);
    if (prefix !== undefined && Object.hasOwn(declared, prefix)) {
      const own = key.slice(dot + 1);
      const keys = declared[prefix];
      if (keys !== undefined && !keys.includes(own)) unused.push(key);
      else (out[prefix] ??= {})[own] = value;
      continue;
    }
    const takers = Object.keys(declared).filter((name) => declared[name]?.includes(key));
    if (takers.length === 0) unused.push(key);
    for (const name of takers) (out[name] ??= {})[key] = value;
  }
  if (unused.length > 0)
    throw localizedUsageError(
      {
        key: unused.length > 1 ? "usage.project-config-unused" : "usage.project-config-unused-one",
        params: { keys: unused.join(", ") },
      },
      { key: "usage.project-config-unused-hint" },
    );
  return out;
}
