import type { BuildProvenance } from "./provenance.js";

// What a CI ID token says about the build, read from its (already verified) claims. GitHub Actions and
// GitLab CI shape them differently; both become one CiIdentity. Pure: the signature and the time
// claims are checked before (src/registry/oidc/verify-jwt.ts).

/** The build a CI token vouches for. */
export interface CiIdentity extends BuildProvenance {
  /** The forge's id of the repository's owner (GitHub repository_owner_id, GitLab namespace_id). */
  repositoryOwnerId: string | undefined;
  /** The token's unique id (replay protection). */
  jti: string;
}

/** Why claims do not describe a CI build this registry understands (the message of `oidc.token.claims`). */
export class ClaimsError extends Error {}

const str = (claims: Record<string, unknown>, key: string): string | undefined => {
  const v = claims[key];
  return typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : undefined;
};

function required(claims: Record<string, unknown>, key: string): string {
  const v = str(claims, key);
  if (v === undefined) throw new ClaimsError(`the token has no "${key}" claim`);
  if (v.length > 1024) throw new ClaimsError(`the "${key}" claim is too long`);
  return v;
}

/** GitHub: `job_workflow_ref` (else `workflow_ref`) = `owner/repo/.github/workflows/<file>@<ref>`. */
function githubIdentity(claims: Record<string, unknown>, issuer: string): CiIdentity {
  const repository = required(claims, "repository");
  const ref = required(claims, "ref");
  const sha = required(claims, "sha");
  const workflowRef = str(claims, "job_workflow_ref") ?? required(claims, "workflow_ref");
  const match = /^([^/@]+\/[^/@]+)\/\.github\/workflows\/([^/@]+)@(.+)$/.exec(workflowRef);
  if (!match) throw new ClaimsError(`the workflow ref "${workflowRef.slice(0, 200)}" is not a workflow file`);
  const [, workflowRepo, file, workflowAt] = match as unknown as [string, string, string, string];
  // A reusable workflow of another repository is named in full, so a binding to a file name never matches it.
  const sameRepo = workflowRepo.toLowerCase() === repository.toLowerCase();
  if (sameRepo && workflowAt !== ref && workflowAt !== sha)
    throw new ClaimsError(
      `the workflow ran from ${workflowAt.slice(0, 200)}, not from the token's ref ${ref}`,
    );
  const runId = required(claims, "run_id");
  const attempt = str(claims, "run_attempt");
  const environment = str(claims, "environment");
  return {
    issuer,
    repository,
    repositoryOwnerId: str(claims, "repository_owner_id"),
    workflow: sameRepo ? file : `${workflowRepo}/.github/workflows/${file}`,
    ref,
    sha,
    runId,
    runUrl: `https://github.com/${repository}/actions/runs/${runId}${attempt ? `/attempts/${attempt}` : ""}`,
    ...(environment ? { environment } : {}),
    jti: required(claims, "jti"),
  };
}

/** GitLab: `ci_config_ref_uri` = `gitlab.com/group/project//path/.gitlab-ci.yml@refs/heads/main`. */
function gitlabIdentity(claims: Record<string, unknown>, issuer: string): CiIdentity {
  const repository = required(claims, "project_path");
  const uri = required(claims, "ci_config_ref_uri");
  const match = /^[^/]+\/(.+?)\/\/(.+)@(.+)$/.exec(uri);
  if (!match) throw new ClaimsError(`the CI config ref "${uri.slice(0, 200)}" is not understood`);
  const [, configRepo, configPath] = match as unknown as [string, string, string];
  const sameRepo = configRepo.toLowerCase() === repository.toLowerCase();
  const pipeline = required(claims, "pipeline_id");
  const refType = str(claims, "ref_type");
  const ref = required(claims, "ref");
  const environment = str(claims, "environment");
  return {
    issuer,
    repository,
    repositoryOwnerId: str(claims, "namespace_id"),
    workflow: sameRepo ? configPath : `${configRepo}//${configPath}`,
    ref: refType === "tag" ? `refs/tags/${ref}` : refType === "branch" ? `refs/heads/${ref}` : ref,
    sha: required(claims, "sha"),
    runId: pipeline,
    runUrl: `${issuer.replace(/\/+$/, "")}/${repository}/-/pipelines/${pipeline}`,
    ...(environment ? { environment } : {}),
    jti: required(claims, "jti"),
  };
}

/** The build a verified CI token describes; throws ClaimsError when it is neither GitHub- nor GitLab-shaped. */
export function ciIdentity(claims: Record<string, unknown>, issuer: string): CiIdentity {
  if ("job_workflow_ref" in claims || "workflow_ref" in claims) return githubIdentity(claims, issuer);
  if ("project_path" in claims) return gitlabIdentity(claims, issuer);
  throw new ClaimsError("the token is neither a GitHub Actions nor a GitLab CI ID token");
}

/** The provenance a version records: the identity without the token's own id and the owner id. */
export function provenanceOf(identity: CiIdentity): BuildProvenance {
  const { jti: _jti, repositoryOwnerId: _owner, ...provenance } = identity;
  void _jti;
  void _owner;
  return provenance;
}
