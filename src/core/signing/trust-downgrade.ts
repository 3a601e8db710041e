import semver from "semver";

/** A version as the downgrade rule sees it: whether its signed statement carries build provenance. */
export interface ProvenanceFact {
  version: string;
  provenance: boolean;
}

/**
 * The trust-downgrade rule (issue 23; pnpm's `trustPolicy: no-downgrade`): a version without provenance,
 * when an earlier version of the connector had it, is a downgrade, the sign a compromised release left
 * (eslint-config-prettier, CVE-2025-54313). Returns the newest earlier version with provenance, or
 * undefined when `target` is no downgrade. `update` refuses a downgrade unless explicitly overridden;
 * `info` and the web page show it.
 */
export function provenanceDowngrade(facts: ProvenanceFact[], target: string): string | undefined {
  const self = facts.find((f) => f.version === target);
  if (!self || self.provenance) return undefined;
  const earlier = facts
    .filter((f) => f.provenance && semver.valid(f.version) && semver.lt(f.version, target))
    .sort((a, b) => semver.rcompare(a.version, b.version));
  return earlier[0]?.version;
}

/** Whether a version's signed statement (as received: unknown shape) carries build provenance. */
export function statementHasProvenance(statement: unknown): boolean {
  return (
    typeof statement === "object" &&
    statement !== null &&
    typeof (statement as { provenance?: unknown }).provenance === "object" &&
    (statement as { provenance?: unknown }).provenance !== null
  );
}

/**
 * The downgrade of `target` among a connector document's versions (their signed statements), for
 * `info`, the web page and `update`: the newest earlier version with provenance, or undefined.
 */
export function downgradeIn(
  versions: Iterable<{ version: string; dist?: { statement?: unknown } }>,
  target: string,
): string | undefined {
  const facts = [...versions].map((v) => ({
    version: v.version,
    provenance: statementHasProvenance(v.dist?.statement),
  }));
  return provenanceDowngrade(facts, target);
}
