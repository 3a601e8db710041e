import type { StabilityEvidence } from "../../core/quality/evidence.js";
import type { RegistryRepository } from "../../db/repository.js";
import { scheduleExclusive, type ExclusiveSchedule } from "../jobs/exclusive-job.js";
import type { Allowlist } from "../address-guard.js";
import { runCheckPass } from "./check-pass.js";
import type { ToolSnapshot } from "../../core/tools/snapshot.js";

/** The in-process schedule of the embedded registry (`serve` with CHECK_INTERVAL > 0). */
export type CheckSchedule = ExclusiveSchedule;

/**
 * Runs a check pass every `intervalMs`, the first one an interval after start (a registry starting up
 * does not go out to the network at once), in whichever registry process holds the `checks` lease
 * (src/registry/jobs/exclusive-job.ts). The same pass as `connectory-registry check`, whose claims keep a
 * cron job against the same database from checking a row twice.
 */
export function startCheckSchedule(options: {
  repo: RegistryRepository;
  allow: Allowlist;
  intervalMs: number;
  log: (message: string) => void;
  /** After each check: the quality score's hook (registry.refreshQuality). */
  onEvidence?: (name: string, evidence: StabilityEvidence) => Promise<void> | void;
  /** A remote version's tool snapshot (registry.recordToolSnapshot). */
  onSnapshot?: (name: string, version: string, snapshot: ToolSnapshot) => Promise<unknown> | unknown;
}): CheckSchedule {
  return scheduleExclusive({
    repo: options.repo,
    name: "checks",
    intervalMs: options.intervalMs,
    log: options.log,
    run: async (signal) => {
      const report = await runCheckPass({
        repo: options.repo,
        allow: options.allow,
        signal,
        ...(options.onEvidence ? { onEvidence: options.onEvidence } : {}),
        ...(options.onSnapshot ? { onSnapshot: options.onSnapshot } : {}),
      });
      if (report.checked === 0) return;
      const c = report.counts;
      options.log(
        `checks: ${report.checked} connector(s) in ${report.durationMs} ms: ${c.up} up, ` +
          `${c["needs-auth"]} need sign-in, ${c.down} down, ${c.error} error`,
      );
    },
  });
}
