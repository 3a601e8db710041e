import { resolveTxt } from "node:dns/promises";
import { fetchProofFile, type ProofFetchOptions } from "./proof-fetch.js";

/**
 * How the registry looks for a domain proof: the HTTP file and the DNS TXT records. Production uses
 * `createProofChecks()`; tests hand in a local HTTP server's base URL and a TXT double.
 */
export interface ProofChecks {
  /** The body of https://<domain>/.well-known/connectory-publisher; throws `publisher.proof.*` when it cannot be had. */
  fetchFile(domain: string): Promise<string>;
  /** The TXT records of `domain` (each record's strings); [] when there are none. */
  resolveTxt(domain: string): Promise<string[][]>;
}

/** The TXT records of a name from the system's resolver; a name with no records (or none at all) gives []. */
export async function systemTxt(domain: string): Promise<string[][]> {
  try {
    return await resolveTxt(domain);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENODATA" || code === "ENOTFOUND") return [];
    throw error;
  }
}

/**
 * The production checks: the guarded HTTPS fetcher and node:dns/promises resolveTxt. `proofBaseUrl`
 * (PUBLISHER_PROOF_BASE_URL, for tests only) fetches the file from that base instead of https://<domain>.
 */
export function createProofChecks(options: ProofFetchOptions = {}): ProofChecks {
  return {
    fetchFile: (domain) => fetchProofFile(domain, options),
    resolveTxt: systemTxt,
  };
}
