import type { ProofMethod } from "./domain.js";

// What a publisher puts where to prove a domain (docs/publishers.md). The registry hands out a random
// challenge per publisher and domain; the proof is the line `connectory-verification=<challenge>` served
// at https://<domain>/.well-known/connectory-publisher, or a TXT record of <domain> with that text.

/** The path of the HTTP proof, under https://<domain>. */
export const PROOF_PATH = "/.well-known/connectory-publisher";
/** The key of the proof line and TXT record. */
export const PROOF_KEY = "connectory-verification";
/** A challenge: 32 base64url characters (192 random bits). */
export const CHALLENGE = /^[A-Za-z0-9_-]{32}$/;

/** The exact text to serve or to put in the TXT record. */
export function proofText(challenge: string): string {
  return `${PROOF_KEY}=${challenge}`;
}

/** Where and what to publish for each method: what the API and the CLI show the publisher. */
export function proofInstructions(domain: string, challenge: string) {
  return {
    http: { url: `https://${domain}${PROOF_PATH}`, body: `${proofText(challenge)}\n` },
    dns: { name: domain, type: "TXT" as const, value: proofText(challenge) },
  };
}

/**
 * Whether a fetched proof file holds the challenge: one of its lines, trimmed, is exactly the proof text
 * (other lines may hold other publishers' or registries' proofs).
 */
export function fileProves(body: string, challenge: string): boolean {
  const want = proofText(challenge);
  return body.split(/\r?\n/).some((line) => line.trim() === want);
}

/**
 * Whether TXT records (each a list of strings that DNS splits at 255 bytes, joined back here) hold the
 * challenge.
 */
export function txtProves(records: string[][], challenge: string): boolean {
  const want = proofText(challenge);
  return records.some((chunks) => chunks.join("").trim() === want);
}

/** A short description of what was found, for the failure message (never more than a few characters). */
export function describeFound(method: ProofMethod, found: string[]): string {
  const proofs = found.filter((f) => f.startsWith(`${PROOF_KEY}=`));
  if (proofs.length > 0)
    return `found ${proofs.length} ${PROOF_KEY} value(s), none with this challenge (an old challenge?)`;
  return method === "http"
    ? "the file holds no connectory-verification line"
    : "no TXT record of the domain holds it";
}
