import type { Hono } from "hono";
import type { RegistryRepository } from "../../db/repository.js";
import { scheduleExclusive, type ExclusiveSchedule } from "../jobs/exclusive-job.js";
import type { Registry } from "../registry.js";
import type { MirrorPassResult } from "./mirror-pass.js";

/**
 * `serve`'s continuous mirroring (MIRROR_URLS, MIRROR_INTERVAL): every interval, whichever registry
 * process holds the `mirror` lease runs one pass over each upstream in turn, so passes never overlap
 * across processes. An upstream that fails is logged and tried again next time; the others still run.
 */
export function startMirror(input: {
  app: Hono & { registry: Registry };
  repo: RegistryRepository;
  upstreams: string[];
  intervalMs: number;
  log: (message: string) => void;
  fetch?: typeof fetch;
  now?: () => Date;
  /** The lease holder's name (default: this process's, PROCESS_HOLDER). */
  holder?: string;
  /** Called after each upstream's pass (tests and the benchmark count them). */
  onPass?: (result: MirrorPassResult) => void;
}): ExclusiveSchedule {
  const now = input.now ?? (() => new Date());
  return scheduleExclusive({
    repo: input.repo,
    name: "mirror",
    ...(input.holder !== undefined ? { holder: input.holder } : {}),
    intervalMs: input.intervalMs,
    log: input.log,
    now,
    run: async (signal) => {
      for (const upstream of input.upstreams) {
        if (signal.aborted) return;
        try {
          // The pass (the converters and validators) loads at the first pass, not at every start.
          const { mirrorPass } = await import("./mirror-pass.js");
          const result = await mirrorPass({
            app: input.app,
            repo: input.repo,
            upstream,
            fetch: input.fetch ?? globalThis.fetch,
            now,
          });
          const c = result.report.counts;
          if (result.entries > 0)
            input.log(
              `mirror: ${result.upstream}: ${result.entries} changed, imported ${c.imported}, updated ${c.updated}, yanked ${c.yanked}, deprecated ${c.deprecated}, restored ${c.restored}, refused ${c.refused}`,
            );
          input.onPass?.(result);
        } catch (error) {
          input.log(`mirror: ${upstream}: the pass failed: ${String((error as Error)?.message ?? error)}`);
        }
      }
    },
  });
}
