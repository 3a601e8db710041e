import type { CommunityEvidence, StabilityEvidence } from "./evidence.js";
import type { QualityInput } from "./input.js";
import { item } from "./item.js";
import type { QualityItem } from "./types.js";

const DAY = 86_400_000;
/** The thresholds of docs/quality.md, in one place. */
export const THRESHOLDS = {
  uptime7d: 0.95,
  uptime30d: 0.99,
  recentDays: 180,
  cadenceDays: 365,
  cadenceReleases: 2,
  weeklyDownloads: 10,
  /** The trend passes when this week has at least this share of the week before. */
  trendShare: 0.8,
} as const;

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** The stability group: the live checker's evidence; "not checked yet" is an unmet item, not a pass. */
export function stabilityItems(s: StabilityEvidence | undefined): QualityItem[] {
  const fix = "make the server reachable from the registry; the next scheduled check updates this";
  if (!s) {
    const not = "not checked yet: the registry has not run a live check of this connector";
    const wait = "wait for the first check (remote servers: on the check schedule; bundled: at publish)";
    return [
      item("stability.up", 10, false, { pass: "", fail: not, fix: wait }),
      item("stability.uptime-7d", 8, false, { pass: "", fail: not, fix: wait }),
      item("stability.uptime-30d", 7, false, { pass: "", fail: not, fix: wait }),
    ];
  }
  const l = s.latest;
  const up = l.status === "up" || l.status === "needs-auth";
  // A bundled server runs on the user's machine: its check at publish stands for its uptime.
  const bundledUp = l.kind === "bundled" && up;
  const window = (share: number | undefined, checks: number, min: number, days: number) => ({
    pass: share === undefined ? bundledUp : share >= min,
    words: {
      pass:
        share === undefined
          ? "bundled server: it answered its check at publish"
          : `up ${percent(share)} of ${checks} check(s) in ${days} days`,
      fail:
        share === undefined
          ? `no checks in the last ${days} days`
          : `up ${percent(share)} of ${checks} check(s) in ${days} days (below ${percent(min)})`,
      fix,
    },
  });
  const w7 = window(s.uptime7d, s.checks7d, THRESHOLDS.uptime7d, 7);
  const w30 = window(s.uptime30d, s.checks30d, THRESHOLDS.uptime30d, 30);
  const detail = [
    l.status === "needs-auth" ? "reachable, needs sign-in" : l.status,
    l.toolCount !== undefined ? `${l.toolCount} tool(s)` : undefined,
    l.latencyMs !== undefined ? `${Math.round(l.latencyMs)} ms` : undefined,
    l.error,
  ]
    .filter(Boolean)
    .join(", ");
  return [
    item("stability.up", 10, up, {
      pass: `latest check ${l.checkedAt}: ${detail}`,
      fail: `latest check ${l.checkedAt}: ${detail}`,
      fix,
    }),
    item("stability.uptime-7d", 8, w7.pass, w7.words),
    item("stability.uptime-30d", 7, w30.pass, w30.words),
  ];
}

/** The activity group: how recent and how regular the releases are, and whether it is deprecated. */
export function activityItems(input: Pick<QualityInput, "now" | "releases" | "shown">): QualityItem[] {
  const now = input.now.getTime();
  const live = input.releases.filter((r) => !r.yanked);
  const newest = live
    .map((r) => r.publishedAt)
    .sort()
    .at(-1);
  const ageDays = newest === undefined ? undefined : Math.floor((now - Date.parse(newest)) / DAY);
  const inYear = live.filter((r) => now - Date.parse(r.publishedAt) <= THRESHOLDS.cadenceDays * DAY);
  const deprecated = input.shown?.deprecated ?? null;
  return [
    item("activity.recent", 8, ageDays !== undefined && ageDays <= THRESHOLDS.recentDays, {
      pass: `last release ${ageDays} day(s) ago`,
      fail:
        ageDays === undefined
          ? "no release that is not yanked"
          : `last release ${ageDays} day(s) ago (more than ${THRESHOLDS.recentDays})`,
      fix: "publish a maintained version",
    }),
    item("activity.cadence", 4, inYear.length >= THRESHOLDS.cadenceReleases, {
      pass: `${inYear.length} releases in the last ${THRESHOLDS.cadenceDays} days`,
      fail: `${inYear.length} release(s) in the last ${THRESHOLDS.cadenceDays} days (${live.length} in all; fewer than ${THRESHOLDS.cadenceReleases})`,
      fix: "release fixes and updates as new versions",
    }),
    item("activity.not-deprecated", 3, input.shown !== undefined && deprecated === null, {
      pass: "the version people get is not deprecated",
      fail: input.shown ? `deprecated: ${deprecated}` : "there is no version people get",
      fix: "publish a version that is not deprecated, or clear the deprecation",
    }),
  ];
}

/** The community group: unique weekly downloads, their trend, and reports not yet resolved. */
export function communityItems(c: CommunityEvidence): QualityItem[] {
  const week = c.weeklyDownloads;
  const before = c.previousWeeklyDownloads;
  const trendOk = week > 0 && week >= before * THRESHOLDS.trendShare;
  return [
    item("community.downloads", 8, week >= THRESHOLDS.weeklyDownloads, {
      pass: `${week} unique downloads in the last 7 days`,
      fail: `${week} unique download(s) in the last 7 days (fewer than ${THRESHOLDS.weeklyDownloads})`,
      fix: "people download what they can trust: the other items help",
    }),
    item("community.trend", 4, trendOk, {
      pass: `${week} this week, ${before} the week before`,
      fail:
        week === 0
          ? `no downloads this week (${before} the week before)`
          : `${week} this week, down from ${before} the week before`,
      fix: "a falling trend often follows a broken release: check the latest version works",
    }),
    item("community.reports", 8, c.openReports === 0, {
      pass: "no open reports",
      fail: `${c.openReports} open report(s) from users, awaiting an operator`,
      fix: "fix what the reports describe; operators resolve them (connectory-registry reports)",
    }),
  ];
}
