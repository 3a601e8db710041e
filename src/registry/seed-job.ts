import type { Hono } from "hono";
import type { RegistryRepository } from "../db/repository.js";
import type { Registry } from "./registry.js";
import { planCatalogSeed, seedCatalogs, type CatalogSeedResult } from "./import/seed-catalogs.js";
import { runExclusive } from "./jobs/exclusive-job.js";
import { seedSamples } from "./seed.js";

/** A seed under way: when to start serving, and the background catalog import. */
export interface SeedJob {
  /** Settles once the samples are in (this process seeds) or another process holds the seed. */
  samplesReady: Promise<void>;
  /** The whole job, catalogs included; undefined when this process did not seed the catalogs. */
  done: Promise<CatalogSeedResult | undefined>;
  /** Asks the catalog import to stop after the step in flight (a shutdown); `done` then settles. */
  stop(): void;
}

/**
 * Seeds a new registry once, however many processes start on its database together: under the `seed`
 * lease (src/registry/jobs/exclusive-job.ts) one process publishes the samples (the others serve at once,
 * without waiting) and then imports the catalogs in the background, renewing the lease. The others keep
 * trying every few seconds, so when the holder dies mid-import (the position is in `meta`) one of them
 * takes the lease once it is free and resumes there; run after a finished seed, the job finds nothing to
 * do. A registry that has connectors gets no samples; a finished catalog seed is not redone.
 */
export function startSeed(input: {
  app: Hono & { registry: Registry };
  repo: RegistryRepository;
  samples?: string;
  catalogs?: string;
  now: () => Date;
  log: (message: string) => void;
}): SeedJob {
  let stopping = false;
  let wake: () => void = () => undefined;
  let markReady: () => void = () => undefined;
  const samplesReady = new Promise<void>((resolve) => (markReady = resolve));
  const seed = (lost: AbortSignal) => seedOnce(input, markReady, () => stopping || lost.aborted);
  const done = (async () => {
    for (let attempt = 1; !stopping; attempt++) {
      const outcome = await runExclusive({ repo: input.repo, name: "seed" }, seed);
      if (outcome.ran) return outcome.value;
      if (attempt === 1) {
        input.log("seed: another registry process holds the seed; serving without waiting");
        markReady();
      }
      // Tried again until it runs (then finds nothing left to do, or resumes what a dead holder left).
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, SEED_RETRY_MS).unref();
      });
    }
    return undefined;
  })().catch((error: unknown) => {
    input.log(`seed: failed: ${String((error as Error)?.stack ?? error)}`);
    markReady();
    return undefined;
  });
  return {
    samplesReady,
    done,
    stop: () => {
      stopping = true;
      wake();
    },
  };
}

/** How often a process that found the seed held tries again (the holder may die before finishing). */
const SEED_RETRY_MS = 5_000;

/** The seed itself, run under the lease: the samples, then (serving meanwhile) the catalogs. */
async function seedOnce(
  input: Parameters<typeof startSeed>[0],
  markReady: () => void,
  stopped: () => boolean,
): Promise<CatalogSeedResult | undefined> {
  // Decided before the samples land: a first start (an empty registry) or an unfinished catalog seed.
  const plan = input.catalogs ? await planCatalogSeed({ repo: input.repo, dir: input.catalogs }) : undefined;
  if (input.samples) {
    const seeded = await seedSamples({ ...input, dir: input.samples });
    if (seeded.length > 0) input.log(`seeded ${seeded.length} sample connectors: ${seeded.join(", ")}`);
  }
  markReady();
  if (!plan || !input.catalogs) return undefined;
  return seedCatalogs({ ...input, dir: input.catalogs, plan, stopped }).catch((error: unknown) => {
    input.log(`seed: the catalogs were not all imported: ${String((error as Error)?.stack ?? error)}`);
    return undefined;
  });
}
