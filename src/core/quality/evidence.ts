// The evidence a connector's quality score is computed from, gathered by the registry (src/registry)
// and scored by pure code here. Each kind of evidence has one producer:
//   stability: the live checker (`connectory-registry check`, checks at publish),
//   community: downloads and reports,
//   package / activity: the stored versions themselves.

/** One live check of a connector version's server(s), as the checker records it. */
export interface CheckResult {
  /** RFC 3339 time the check finished. */
  checkedAt: string;
  /**
   * up: initialize + tools/list answered; needs-auth: a 401 with a proper OAuth or bearer challenge
   * (reachable, says "needs sign-in"); down: no connection / timeout / refused by the SSRF guard;
   * error: it answered, but not MCP (garbage, wrong protocol, a failed initialize).
   */
  status: "up" | "needs-auth" | "down" | "error";
  latencyMs?: number;
  protocolVersion?: string;
  toolCount?: number;
  /** A short coded reason when not up (`check.timeout`, `check.ssrf.private-address`, …), never a secret. */
  error?: string;
  /** remote: the scheduled check of a URL; bundled: the stdio check at publish. */
  kind: "remote" | "bundled";
}

/** What the checker knows of one connector (its latest version's servers). Absent: never checked. */
export interface StabilityEvidence {
  latest: CheckResult;
  /** Share (0..1) of checks in the window that were up or needs-auth; undefined with no checks there. */
  uptime7d?: number;
  uptime30d?: number;
  checks7d: number;
  checks30d: number;
}

/** Downloads and reports of one connector. */
export interface CommunityEvidence {
  /** Unique (client, version, day) downloads in the last 7 days, and in the 7 days before. */
  weeklyDownloads: number;
  previousWeeklyDownloads: number;
  /** Reports not yet resolved by an operator. */
  openReports: number;
}
