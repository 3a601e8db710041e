import type { Registry } from "./registry.js";

/** How often the embedded server recomputes every score: downloads and release age move with time. */
export const QUALITY_REFRESH_MS = 24 * 60 * 60 * 1000;

/**
 * Runs refreshAllQuality every `everyMs` in this process (the embedded default of `serve`); a failed run
 * is logged and the next one tries again. Returns a stop function that waits for a run in flight, so
 * the database is not closed under it. The timer does not keep the process alive.
 */
export function scheduleQualityRefresh(
  registry: Pick<Registry, "refreshAllQuality">,
  options: { everyMs?: number; log: (message: string) => void },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return; // a slow run is not stacked on
    running = registry
      .refreshAllQuality()
      .then(
        () => undefined,
        (error: unknown) =>
          options.log(`quality refresh failed: ${String((error as Error)?.message ?? error)}`),
      )
      .finally(() => (running = undefined));
  }, options.everyMs ?? QUALITY_REFRESH_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
