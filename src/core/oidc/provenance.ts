/**
 * Where a version published through trusted publishing was built, from the CI ID token's claims
 * (docs/publishers.md). The registry records it on the version and signs it with the version.
 */
export interface BuildProvenance {
  /** The OIDC issuer of the CI token, e.g. https://token.actions.githubusercontent.com */
  issuer: string;
  /** owner/repo (GitHub) or group/project (GitLab), as the token names it. */
  repository: string;
  /** The workflow file (release.yml) or GitLab CI config path (.gitlab-ci.yml) that ran. */
  workflow: string;
  /** The git ref the run was for (refs/tags/v1.2.0). */
  ref: string;
  /** The commit the run built. */
  sha: string;
  /** The CI run (GitHub run id, GitLab pipeline id). */
  runId: string;
  /** The run's page. */
  runUrl: string;
  /** The deployment environment the job ran in, when it named one. */
  environment?: string;
}

/** "Built from owner/repo@abc1234 by release.yml": the one sentence pages and `info` show. */
export function provenanceSentence(p: BuildProvenance): string {
  return `Built from ${p.repository}@${p.sha.slice(0, 12)} by ${p.workflow}`;
}

const FIELDS = ["issuer", "repository", "workflow", "ref", "sha", "runId", "runUrl"] as const;

/** A received `buildProvenance` (another registry may send anything): undefined unless every field is text. */
export function readBuildProvenance(value: unknown): BuildProvenance | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (FIELDS.some((k) => typeof v[k] !== "string" || (v[k] as string).length > 2048)) return undefined;
  const out = Object.fromEntries(FIELDS.map((k) => [k, v[k] as string])) as unknown as BuildProvenance;
  return typeof v.environment === "string" ? { ...out, environment: v.environment } : out;
}
