// The wire types of trusted publishing (docs/http-api.md "Trusted publishing"): what the registry
// answers and what the CLI reads.

/** One trusted publisher of a connector. */
export interface TrustedPublisherDocument {
  id: number;
  connector: string;
  publisher: string;
  /** The OIDC issuer URL, e.g. https://token.actions.githubusercontent.com */
  issuer: string;
  /** owner/repo (GitHub) or group/project (GitLab), lower-case. */
  repository: string;
  /**
   * The forge's id of the repository owner, learned from the first exchanged token (null until then);
   * later tokens must show the same owner.
   */
  repositoryOwnerId: string | null;
  /** The workflow file name (release.yml) or, on GitLab, the CI config path (.gitlab-ci.yml). */
  workflow: string;
  /** The deployment environment that must be named; null: any (or none). */
  environment: string | null;
  createdAt: string;
  /** The connector does not exist yet: its first trusted publish creates it. */
  pending: boolean;
}

/** GET /v1/connectors/:name/trusted-publishers. */
export interface TrustedPublisherList {
  connector: string;
  items: TrustedPublisherDocument[];
}
