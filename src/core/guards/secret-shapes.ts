/**
 * The shapes of provider secrets the guards of `run` and the gateway look for in what tools return:
 * the prefixes and formats GitHub secret scanning documents for the common providers. Each rule has a
 * stable name (it is what `[redacted:<name>]` and the audit log say); the secret itself is never kept.
 */
export interface SecretShape {
  name: string;
  /** Global: every match is a finding. Group 1, when present, is the secret inside the match. */
  pattern: RegExp;
  /** Words for a person: "a GitHub token". */
  words: string;
}

export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    name: "github-token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{60,255})\b/g,
    words: "a GitHub token",
  },
  {
    name: "aws-access-key-id",
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
    words: "an AWS access key id",
  },
  {
    name: "aws-secret-access-key",
    pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    words: "an AWS secret access key",
  },
  { name: "google-api-key", pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, words: "a Google API key" },
  {
    name: "google-oauth",
    pattern: /\b(?:GOCSPX-[A-Za-z0-9_-]{28}|ya29\.[0-9A-Za-z_-]{20,})/g,
    words: "a Google OAuth secret or token",
  },
  {
    name: "slack-token",
    pattern:
      /\bxox[abposre]-(?:\d+-)?[A-Za-z0-9-]{10,}|https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{20,}/g,
    words: "a Slack token or webhook",
  },
  {
    name: "stripe-key",
    pattern: /\b[sr]k_(?:live|test)_[A-Za-z0-9]{20,247}\b/g,
    words: "a Stripe secret key",
  },
  {
    name: "anthropic-key",
    pattern: /\bsk-ant-(?:api|admin|oat|sid)\d{2}-[A-Za-z0-9_-]{32,}/g,
    words: "an Anthropic API key",
  },
  {
    name: "openai-key",
    pattern:
      /\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{16,}T3BlbkFJ[A-Za-z0-9_-]{16,}|\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}/g,
    words: "an OpenAI API key",
  },
  { name: "npm-token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, words: "an npm token" },
  { name: "gitlab-token", pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g, words: "a GitLab token" },
  {
    name: "private-key",
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|[\s\S]{0,4096})/g,
    words: "a private key",
  },
  {
    name: "jwt",
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{0,}/g,
    words: "a JSON Web Token",
  },
];

/**
 * A quick test before the rules run: most text holds none of these prefixes, and one regex over it
 * costs less than thirteen.
 */
export const SECRET_HINT =
  /gh[pousr]_|github_pat_|A[KS]IA|ABIA|ACCA|AIza|GOCSPX-|ya29\.|xox[abposre]-|hooks\.slack|k_live_|k_test_|sk-|npm_|glpat-|PRIVATE KEY|eyJ|secret_?access/i;

/** What each rule finds, in words (the user's own stored credentials included). */
export const SECRET_WORDS: Record<string, string> = {
  ...Object.fromEntries(SECRET_SHAPES.map((s) => [s.name, s.words])),
  credential: "one of your stored credentials",
};
