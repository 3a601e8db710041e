import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { RegistryRepository } from "../../db/repository.js";

/**
 * The one rule for background work (docs/deploy.md, "Background work"): the seed, the catalog import, check
 * passes and quality refreshes run in at most one registry process at a time, whichever holds the job's
 * lease in the database (table `leases`). A holder renews its lease while it works; one that dies stops
 * renewing and its lease expires, so another process takes the job over on its next try. The migrations
 * are the exception, since they run before this table exists: an advisory lock on PostgreSQL, the
 * file's write lock on SQLite (src/db/).
 */

/** This process's name as a lease holder: host, pid and a random part (pids repeat across containers). */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;

/**
 * Whether `holder` (a PROCESS_HOLDER) names a process of this host that no longer runs. A pid reused by
 * another process reads as alive, which only means waiting for the lease to expire.
 */
export function deadHereHolder(holder: string, host = hostname()): boolean {
  const match = /^(.*):(\d+):[0-9a-f]+$/.exec(holder);
  if (!match || match[1] !== host) return false;
  try {
    process.kill(Number(match[2]), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** How long a lease lasts without renewal; a holder renews it every third of that. */
export const LEASE_MS = 60_000;

export interface ExclusiveOptions {
  repo: RegistryRepository;
  /** The job's name: `seed`, `checks`, `quality-refresh`, … */
  name: string;
  holder?: string;
  leaseMs?: number;
  now?: () => Date;
}

/**
 * Runs `work` if this process can take the job's lease, renewing it until `work` settles, then gives it
 * up. `{ ran: false }` when another live process holds it. `work` gets a signal that aborts if the lease
 * is lost (a renewal failed or was refused), so it can stop between steps.
 */
export async function runExclusive<T>(
  options: ExclusiveOptions,
  work: (lost: AbortSignal) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const { repo, name } = options;
  const holder = options.holder ?? PROCESS_HOLDER;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const now = options.now ?? (() => new Date());
  const take = (replacing?: string) => {
    const at = now();
    const until = new Date(at.getTime() + leaseMs).toISOString();
    return repo.acquireLease(name, holder, at.toISOString(), until, replacing);
  };
  let taken = await take();
  // A holder on this host whose process is gone (SIGKILL, a crash) gives its lease up at once.
  if (!taken.held && deadHereHolder(taken.holder)) taken = await take(taken.holder);
  if (!taken.held) return { ran: false };
  const lost = new AbortController();
  const renew = setInterval(() => {
    take().then(
      (outcome) => outcome.held || lost.abort(new Error(`the lease on ${name} was taken over`)),
      (error: unknown) => lost.abort(error),
    );
  }, leaseMs / 3);
  renew.unref();
  try {
    return { ran: true, value: await work(lost.signal) };
  } finally {
    clearInterval(renew);
    await repo.releaseLease(name, holder).catch(() => undefined); // expires by itself otherwise
  }
}

/** A job run every `intervalMs` by whichever process holds its lease at that moment. */
export interface ExclusiveSchedule {
  /** Stops scheduling; a run in flight is told to stop (its signal aborts) and is waited for. */
  stop(): Promise<void>;
}

/**
 * Every `intervalMs` (the first run one interval after start), tries runExclusive(`run`); a process that
 * finds the lease taken skips that turn. A failed run is logged and the next turn tries again.
 */
export function scheduleExclusive(
  options: ExclusiveOptions & {
    intervalMs: number;
    log: (message: string) => void;
    run: (signal: AbortSignal) => Promise<void>;
  },
): ExclusiveSchedule {
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = runExclusive(options, (lost) => options.run(AbortSignal.any([stopping.signal, lost])))
      .then(() => undefined)
      .catch((error: unknown) =>
        options.log(`${options.name}: the run failed: ${String((error as Error)?.message ?? error)}`),
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
