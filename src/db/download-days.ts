// How long the per-day unique download counts (download_days) are kept: the quality score reads 14 days.

/** Days of download_days kept before the day being pruned from. */
export const KEEP_DOWNLOAD_DAYS = 30;

/** The UTC day (YYYY-MM-DD) `n` days before `day`. */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}
