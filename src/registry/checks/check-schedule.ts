import type { StabilityEvidence } from "../../core/quality/evidence.js";
import type { RegistryRepository } from "../../db/repository.js";
import type { Allowlist } from "./address-guard.js";
import { runCheckPass } from "./check-pass.js";

/** The in-process schedule of the embedded registry (`serve` with CHECK_INTERVAL > 0). */
export interface CheckSchedule {
  /** Stops scheduling; a pass in flight is told to stop and is waited for. */
  stop(): Promise<void>;
}

/**
 * Runs a check pass every `intervalMs`, the first one an interval after start (a registry starting up
 * does not go out to the network at once). The same pass as `connectory-registry check`, so an embedded
 * registry and cron jobs against the same database share the work instead of doubling it.
 */
export function startCheckSchedule(options: {
  repo: RegistryRepository;
  allow: Allowlist;
  intervalMs: number;
  log: (message: string) => void;
  /** After each check: the quality score's hook (registry.refreshQuality). */
  onEvidence?: (name: string, evidence: StabilityEvidence) => Promise<void> | void;
}): CheckSchedule {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = runCheckPass({
      repo: options.repo,
      allow: options.allow,
      signal: stopping.signal,
      ...(options.onEvidence ? { onEvidence: options.onEvidence } : {}),
    })
      .then((report) => {
        if (report.checked === 0) return;
        const c = report.counts;
        options.log(
          `checks: ${report.checked} connector(s) in ${report.durationMs} ms: ${c.up} up, ` +
            `${c["needs-auth"]} need sign-in, ${c.down} down, ${c.error} error`,
        );
      })
      .catch((error: unknown) =>
        options.log(`checks: the pass failed: ${String((error as Error)?.message ?? error)}`),
      )
      .finally(() => {
        running = undefined;
        if (!stopping.signal.aborted) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(tick, options.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
