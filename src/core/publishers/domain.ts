import { ConnectoryError } from "../errors.js";

// The domains a publisher may prove (docs/publishers.md): a public DNS name, lower-cased, ASCII (an
// internationalized name in its punycode form), at least two labels. Never an IP address, never a name
// that cannot be public (localhost, .local, .internal and the like): a proof of those would prove nothing.

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const MAX_DOMAIN = 253;
/** Suffixes that never name a public host (RFC 6761, RFC 6762, RFC 8375 and common private ones). */
const NOT_PUBLIC = [
  "localhost",
  "local",
  "internal",
  "home.arpa",
  "arpa",
  "test",
  "invalid",
  "example",
  "lan",
];

/** The domain as stored and compared, or a `publisher.domain.invalid` error that says why. */
export function normalizeDomain(input: string): string {
  const domain = input.trim().toLowerCase().replace(/\.$/, "");
  const fail = (why: string): never => {
    throw new ConnectoryError(
      "publisher.domain.invalid",
      `"${clipDomain(input)}" is not a domain you can prove: ${why}`,
      {
        status: 400,
        hint: "give a public DNS name such as example.com (no scheme, path or port; punycode for non-ASCII names)",
      },
    );
  };
  if (domain === "") fail("it is empty");
  if (domain.length > MAX_DOMAIN) fail(`it is longer than ${MAX_DOMAIN} characters`);
  if (/[/:@?#\s\\]/.test(domain)) fail("give the bare host name, without a scheme, path, port or user");
  const labels = domain.split(".");
  if (labels.length < 2) fail("it needs at least two labels (example.com)");
  if (!labels.every((l) => LABEL.test(l))) fail("each label is 1–63 letters, digits or inner hyphens");
  if (/^\d+$/.test(labels[labels.length - 1]!)) fail("it is an IP address, not a domain");
  if (NOT_PUBLIC.some((s) => domain === s || domain.endsWith(`.${s}`))) fail("it is not a public name");
  return domain;
}

/** Input echoed in a message stays short and on one line. */
function clipDomain(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]/g, "?");
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

/**
 * Whether a proven domain covers `host`: an HTTP proof covers exactly its host, a DNS proof the domain and
 * every name under it, as the official MCP Registry's HTTP and DNS logins do.
 */
export function domainCovers(proof: { domain: string; method: ProofMethod }, host: string): boolean {
  return host === proof.domain || (proof.method === "dns" && host.endsWith(`.${proof.domain}`));
}

/** How a domain was proven. */
export type ProofMethod = "http" | "dns";
