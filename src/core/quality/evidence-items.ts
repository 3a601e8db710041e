import type { CommunityEvidence, StabilityEvidence } from "./evidence.js";
import type { QualityInput } from "./input.js";
import { item, notApplicable } from "./item.js";
import { phrase } from "./words.js";
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

/**
 * The stability group: the live checker's evidence. Before any check has run, and for a connector without
 * servers (skills only), the items do not apply: they are left out of the score rather than failed, since
 * nothing is known (a check that ran and failed does fail them).
 */
export function stabilityItems(
  s: StabilityEvidence | undefined,
  kinds: { servers: boolean } = { servers: true },
): QualityItem[] {
  const fix = phrase("stability.fix");
  if (!s) {
    const not = phrase(kinds.servers ? "stability.unchecked" : "stability.skills-only");
    return [
      notApplicable("stability.up", 10, not),
      notApplicable("stability.uptime-7d", 8, not),
      notApplicable("stability.uptime-30d", 7, not),
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
          ? phrase("stability.bundled")
          : phrase("stability.window-pass", { share: percent(share), checks, days }),
      fail:
        share === undefined
          ? phrase("stability.window-none", { days })
          : phrase("stability.window-fail", { share: percent(share), checks, days, min: percent(min) }),
      fix,
    },
  });
  const w7 = window(s.uptime7d, s.checks7d, THRESHOLDS.uptime7d, 7);
  const w30 = window(s.uptime30d, s.checks30d, THRESHOLDS.uptime30d, 30);
  const detail = [
    phrase(`check.${l.status}`),
    ...(l.toolCount !== undefined ? [phrase("check.tools", { count: l.toolCount })] : []),
    ...(l.latencyMs !== undefined ? [phrase("check.latency", { ms: Math.round(l.latencyMs) })] : []),
    ...(l.error ? [phrase("check.error-text", { error: l.error })] : []),
  ] as Array<{ key: string; params?: Record<string, string | number> }>;
  const latest = phrase("stability.latest", { at: l.checkedAt, detail });
  return [
    item("stability.up", 10, up, { pass: latest, fail: latest, fix }),
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
      // "today", "1 day ago", "12 days ago": not "0 day(s) ago".
      pass:
        (ageDays ?? 0) <= 0
          ? phrase("recent.today")
          : ageDays === 1
            ? phrase("recent.yesterday")
            : phrase("recent.days", { days: ageDays ?? 0 }),
      fail:
        ageDays === undefined
          ? phrase("recent.none")
          : phrase("recent.old", { days: ageDays, max: THRESHOLDS.recentDays }),
      fix: phrase("recent.fix"),
    }),
    item("activity.cadence", 4, inYear.length >= THRESHOLDS.cadenceReleases, {
      pass: phrase("cadence.pass", { count: inYear.length, days: THRESHOLDS.cadenceDays }),
      fail: phrase("cadence.fail", {
        count: inYear.length,
        days: THRESHOLDS.cadenceDays,
        all: live.length,
        min: THRESHOLDS.cadenceReleases,
      }),
      fix: phrase("cadence.fix"),
    }),
    item("activity.not-deprecated", 3, input.shown !== undefined && deprecated === null, {
      pass: phrase("deprecated.pass"),
      fail: input.shown
        ? phrase("deprecated.fail", { message: deprecated ?? "" })
        : phrase("deprecated.none"),
      fix: phrase("deprecated.fix"),
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
      pass: phrase("downloads.pass", { count: week }),
      fail: phrase("downloads.fail", { count: week, min: THRESHOLDS.weeklyDownloads }),
      fix: phrase("downloads.fix"),
    }),
    item("community.trend", 4, trendOk, {
      pass: phrase("trend.pass", { week, before }),
      fail: week === 0 ? phrase("trend.none", { before }) : phrase("trend.down", { week, before }),
      fix: phrase("trend.fix"),
    }),
    item("community.reports", 8, c.openReports === 0, {
      pass: phrase("reports.pass"),
      fail: phrase("reports.fail", { count: c.openReports }),
      fix: phrase("reports.fix"),
    }),
  ];
}
