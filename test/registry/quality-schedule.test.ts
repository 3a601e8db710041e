import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../../src/db/open-database.js";
import type { RegistryRepository } from "../../src/db/repository.js";
import { scheduleQualityRefresh } from "../../src/registry/quality-schedule.js";
import { tempDir } from "../helpers/tmp.js";

// The embedded server's periodic recompute: runs on its interval, never two at once, logs a failure and
// goes on, and its stop waits for the run in flight. It runs under the `quality-refresh` lease
// (src/registry/jobs/exclusive-job.ts) of a real database.

let repo: RegistryRepository;
beforeAll(async () => {
  repo = await openDatabase(`${await tempDir()}/registry.db`);
});
afterAll(() => repo.close());

it("runs refreshAllQuality on its interval, one run at a time, and stop waits for it", async () => {
  let runs = 0;
  let release: () => void = () => undefined;
  const logs: string[] = [];
  const registry = {
    refreshAllQuality: () => {
      runs++;
      if (runs === 2) return Promise.reject(new Error("db down"));
      return new Promise<number>((resolve) => (release = () => resolve(1)));
    },
  };
  const stop = scheduleQualityRefresh(registry, { repo, everyMs: 5, log: (m) => logs.push(m) });
  await new Promise((r) => setTimeout(r, 40));
  expect(runs).toBe(1); // the first run is still going: no second one stacked on it
  release();
  await new Promise((r) => setTimeout(r, 40));
  expect(runs).toBeGreaterThanOrEqual(3); // the second failed, logged, and the next one ran
  expect(logs).toEqual(["quality-refresh: the run failed: db down"]);
  let stopped = false;
  const stopping = stop().then(() => (stopped = true));
  await new Promise((r) => setTimeout(r, 10));
  expect(stopped).toBe(false); // waits for the run in flight
  release();
  await stopping;
  const after = runs;
  await new Promise((r) => setTimeout(r, 30));
  expect(runs).toBe(after);
});
