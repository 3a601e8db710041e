import type { RemoteTransport } from "../core/types.js";

// What registry processes coordinate through the database: live-check claims, rate limits, leases.

/** A remote server the live checker connects to (src/registry/checks/). */
export interface CheckTarget {
  url: string;
  transport: RemoteTransport;
  /** Its key in the version's mcp.json (the tool snapshot is keyed by it); absent in older rows. */
  server?: string;
}

/** The events of one rate-limit key inside a window: how many, and when the oldest happened (ms). */
export interface RateCount {
  count: number;
  oldest?: number;
}

/** A connector a check pass has claimed: its lease keeps other passes off it until it is recorded. */
export interface CheckClaim {
  name: string;
  /** The version shown (whose servers are checked); null when every version is yanked. */
  version: string | null;
  targets: CheckTarget[];
}

/** The answer to acquireLease: held by the caller now, or by whom else. */
export type LeaseResult = { held: true } | { held: false; holder: string };
