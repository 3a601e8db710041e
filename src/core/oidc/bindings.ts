import { ConnectoryError } from "../errors.js";
import type { CiIdentity } from "./ci-claims.js";

// Trusted-publisher bindings: what an owner may bind a connector to (checked once, when added), and
// which binding a verified CI identity matches (checked at every token exchange).

/** GitHub Actions' and GitLab.com's issuers: trusted unless OIDC_ISSUERS says otherwise. */
export const DEFAULT_ISSUERS = ["https://token.actions.githubusercontent.com", "https://gitlab.com"];

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** One issuer URL, normalized (no trailing slash); https, or http on a loopback host (local test issuers). */
export function checkIssuer(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw issuerError(text, "is not a URL");
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname)))
    throw issuerError(text, "must be https:// (http:// only on 127.0.0.1, [::1] or localhost, for tests)");
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "")
    throw issuerError(text, "must not carry a query, a fragment or credentials");
  return url.href.replace(/\/+$/, "");
}

function issuerError(text: string, why: string): ConnectoryError {
  return new ConnectoryError("oidc.issuer.invalid", `the issuer "${text.slice(0, 100)}" ${why}`, {
    hint: "e.g. https://token.actions.githubusercontent.com or https://gitlab.com",
  });
}

/** OIDC_ISSUERS: comma-separated issuer URLs; unset or empty: DEFAULT_ISSUERS; "none": no trusted publishing. */
export function parseIssuers(text: string | undefined): string[] {
  if (text === undefined || text.trim() === "") return DEFAULT_ISSUERS;
  if (text.trim() === "none") return [];
  return [
    ...new Set(
      text
        .split(",")
        .filter((s) => s.trim() !== "")
        .map(checkIssuer),
    ),
  ];
}

/** What an owner binds a connector to. */
export interface BindingInput {
  issuer: string;
  repository: string;
  workflow: string;
  environment?: string | null;
}

const REPOSITORY = /^[a-z0-9_.-]+(\/[a-z0-9_.-]+){1,9}$/;
const WORKFLOW = /^(?!.*\.\.)[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\.ya?ml$/;
const ENVIRONMENT = /^[A-Za-z0-9_.\- /:]{1,255}$/;

/** A binding checked and normalized (repository lower-case); the issuer must be one the registry trusts. */
export function checkBinding(input: BindingInput, issuers: readonly string[]): Required<BindingInput> {
  const issuer = checkIssuer(input.issuer);
  if (!issuers.includes(issuer))
    throw new ConnectoryError(
      "trusted-publisher.issuer.untrusted",
      `this registry does not trust ${issuer}`,
      {
        status: 422,
        hint: `trusted issuers: ${issuers.join(", ") || "none"} (the operator sets OIDC_ISSUERS)`,
      },
    );
  const repository = input.repository.trim().toLowerCase();
  if (!REPOSITORY.test(repository))
    throw invalid(`repository "${input.repository.slice(0, 100)}" is not owner/repo`, "e.g. acme/weather");
  const workflow = input.workflow.trim().replace(/^\.github\/workflows\//, "");
  if (!WORKFLOW.test(workflow))
    throw invalid(
      `workflow "${input.workflow.slice(0, 100)}" is not a workflow file name`,
      "the file in .github/workflows (release.yml), or the GitLab CI config path (.gitlab-ci.yml)",
    );
  const environment = input.environment?.trim() || null;
  if (environment !== null && !ENVIRONMENT.test(environment))
    throw invalid(
      `environment "${environment.slice(0, 100)}" is not a deployment environment name`,
      "e.g. release",
    );
  return { issuer, repository, workflow, environment };
}

function invalid(message: string, hint: string): ConnectoryError {
  return new ConnectoryError("trusted-publisher.invalid", message, { status: 422, hint });
}

/** A stored binding as the matcher needs it. */
export interface StoredBinding extends Required<BindingInput> {
  id: number;
  repositoryOwnerId: string | null;
}

/**
 * The binding a CI identity matches, or a ConnectoryError (403 `oidc.publisher.*`) that says which part
 * differed, so the CI log tells the owner what to fix. `bindings` are the connector's.
 */
export function matchBinding<B extends StoredBinding>(
  identity: CiIdentity,
  connector: string,
  bindings: readonly B[],
): B {
  if (bindings.length === 0)
    throw refused("oidc.publisher.none", `"${connector}" has no trusted publisher`, [
      `its owner adds one: connectory trusted-publisher add ${connector} --repository <owner/repo> --workflow <file>`,
    ]);
  const repository = identity.repository.toLowerCase();
  const candidates = bindings.filter((b) => b.issuer === identity.issuer && b.repository === repository);
  if (candidates.length === 0)
    throw refused(
      "oidc.publisher.repository",
      `no trusted publisher of "${connector}" is ${repository} on ${identity.issuer}`,
      [`bound: ${bindings.map((b) => b.repository).join(", ")}`],
    );
  const byWorkflow = candidates.filter((b) => b.workflow === identity.workflow);
  if (byWorkflow.length === 0)
    throw refused(
      "oidc.publisher.workflow",
      `workflow ${identity.workflow} of ${repository} may not publish "${connector}"`,
      [`bound workflows: ${candidates.map((b) => b.workflow).join(", ")}`],
    );
  const env = identity.environment?.toLowerCase();
  const byEnv = byWorkflow.filter((b) => b.environment === null || b.environment.toLowerCase() === env);
  if (byEnv.length === 0)
    throw refused(
      "oidc.publisher.environment",
      `the job ran in ${env ? `environment "${env}"` : "no environment"}, not the one "${connector}" is bound to`,
      [`set \`environment: ${byWorkflow[0]!.environment}\` on the publishing job`],
    );
  const owned = byEnv.find(
    (b) => b.repositoryOwnerId === null || b.repositoryOwnerId === identity.repositoryOwnerId,
  );
  if (!owned)
    throw refused(
      "oidc.publisher.owner-changed",
      `${repository} now belongs to another account than the one first seen (a deleted and recreated owner?)`,
      ["the connector's owner removes the trusted publisher and adds it again if this is expected"],
    );
  return owned;
}

function refused(code: string, message: string, hints: string[]): ConnectoryError {
  return new ConnectoryError(code, message, { status: 403, hint: hints.join("; ") });
}
