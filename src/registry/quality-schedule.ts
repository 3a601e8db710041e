import type { RegistryRepository } from "../db/repository.js";
import { scheduleExclusive } from "./jobs/exclusive-job.js";
import type { Registry } from "./registry.js";

/** How often the embedded server recomputes every score: downloads and release age move with time. */
export const QUALITY_REFRESH_MS = 24 * 60 * 60 * 1000;

/**
 * Runs refreshAllQuality every `everyMs` in whichever registry process holds the `quality-refresh` lease
 * (src/registry/jobs/exclusive-job.ts); a failed run is logged and the next one tries again. Returns a
 * stop function that waits for a run in flight, so the database is not closed under it. The timer does
 * not keep the process alive.
 */
export function scheduleQualityRefresh(
  registry: Pick<Registry, "refreshAllQuality">,
  options: { repo: RegistryRepository; everyMs?: number; log: (message: string) => void },
): () => Promise<void> {
  const schedule = scheduleExclusive({
    repo: options.repo,
    name: "quality-refresh",
    intervalMs: options.everyMs ?? QUALITY_REFRESH_MS,
    log: options.log,
    run: async () => void (await registry.refreshAllQuality()),
  });
  return () => schedule.stop();
}
