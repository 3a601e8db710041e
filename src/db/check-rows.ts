import type { RemoteTransport } from "../core/types.js";

// What the live checker stores and claims through the database (RegistryRepository.claimChecks).

/** A remote server the live checker connects to (src/registry/checks/). */
export interface CheckTarget {
  url: string;
  transport: RemoteTransport;
  /** Its key in the version's mcp.json (the tool snapshot is keyed by it); absent in older rows. */
  server?: string;
}

/** What a check pass asks claimChecks for (RegistryRepository.claimChecks says how each is used). */
export interface ClaimRequest {
  now: string;
  dueBefore: string;
  leaseUntil: string;
  limit: number;
}

/** A connector a check pass has claimed: its lease keeps other passes off it until it is recorded. */
export interface CheckClaim {
  name: string;
  /** The version shown (whose servers are checked); null when every version is yanked. */
  version: string | null;
  targets: CheckTarget[];
}
