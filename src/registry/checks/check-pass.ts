import type dns from "node:dns";
import type { CheckResult, StabilityEvidence } from "../../core/quality/evidence.js";
import type { CheckClaim } from "../../db/check-rows.js";
import type { RegistryRepository } from "../../db/repository.js";
import type { Allowlist } from "../address-guard.js";
import { makeSnapshot, type ServerSnapshot, type ToolSnapshot } from "../../core/tools/snapshot.js";

/** How one pass runs; every default suits a cron entry every few minutes. */
export interface CheckPassOptions {
  repo: RegistryRepository;
  allow: Allowlist;
  now?: () => Date;
  /** Connectors checked at most in this pass (default 1,000). */
  limit?: number;
  /** Checks in flight at once (default 16). */
  concurrency?: number;
  /** A connector checked less than this long ago is not due (default 10 minutes). */
  minAgeMs?: number;
  /** One server's whole check (default 15 s). */
  timeoutMs?: number;
  /** Per response body (default 1 MiB). */
  maxBytes?: number;
  /** Stops claiming, and ends checks in flight (a registry shutting down). */
  signal?: AbortSignal;
  resolve?: typeof dns.lookup;
  /** Called after each recorded check (progress). */
  onResult?: (entry: CheckPassEntry) => void;
  /**
   * Called after each recorded check with the evidence it stored (the quality score's hook: refreshQuality
   * reads that evidence back from the check summary and rewrites the document's `quality` and `checks`).
   */
  onEvidence?: (name: string, evidence: StabilityEvidence) => Promise<void> | void;
  /**
   * Called with the tool snapshot of a version whose every remote server answered in full (issue 23:
   * "for a remote server, the live check records the same"): registry.recordToolSnapshot signs it.
   */
  onSnapshot?: (name: string, version: string, snapshot: ToolSnapshot) => Promise<unknown> | unknown;
}

/** One connector's outcome in a pass. */
export interface CheckPassEntry {
  name: string;
  version: string | null;
  status: CheckResult["status"];
  latencyMs?: number;
  protocolVersion?: string;
  toolCount?: number;
  error?: string;
}

/** What `connectory-registry check --json` prints. */
export interface CheckPassReport {
  checked: number;
  counts: Record<CheckResult["status"], number>;
  durationMs: number;
  concurrency: number;
  entries: CheckPassEntry[];
}

/** Servers of one connector checked at most (a package listing dozens must not take a pass hostage). */
const MAX_TARGETS = 5;
const WORST: CheckResult["status"][] = ["down", "error", "needs-auth", "up"];

/**
 * One check pass: claims due connectors from the database a few at a time (so passes running at once,
 * in this process or others, share the work and never check a row twice) and checks them with bounded
 * concurrency, recording each result as it lands. Ends when `limit` is reached or nothing is due.
 */
export async function runCheckPass(options: CheckPassOptions): Promise<CheckPassReport> {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? 1000;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const minAgeMs = options.minAgeMs ?? 10 * 60_000;
  const started = performance.now();
  // Due means "not checked since the pass began", whatever --min-age says: with --min-age 0 a row this
  // pass checked (checked_at later than this) would otherwise be claimed again by the next refill.
  const passStart = now().getTime();
  const entries: CheckPassEntry[] = [];
  const queue: CheckClaim[] = [];
  let claimed = 0;
  let exhausted = false;
  let refilling: Promise<void> | undefined;

  const refill = () =>
    (refilling ??= (async () => {
      const want = Math.min(concurrency, limit - claimed);
      if (want <= 0 || options.signal?.aborted) {
        exhausted = true;
        return;
      }
      const at = now();
      // The lease outlasts the slowest possible check of the batch, so it never expires mid-check.
      const leaseMs = 2 * MAX_TARGETS * timeoutMs + 60_000;
      const rows = await options.repo.claimChecks({
        now: at.toISOString(),
        dueBefore: new Date(Math.min(at.getTime() - minAgeMs, passStart)).toISOString(),
        leaseUntil: new Date(at.getTime() + leaseMs).toISOString(),
        limit: want,
      });
      claimed += rows.length;
      queue.push(...rows);
      if (rows.length === 0) exhausted = true;
    })().finally(() => (refilling = undefined)));

  const next = async (): Promise<CheckClaim | undefined> => {
    while (queue.length === 0 && !exhausted) await refill();
    return queue.shift();
  };

  const worker = async () => {
    for (let claim = await next(); claim; claim = await next()) {
      const result = await checkConnector(claim, { ...options, timeoutMs, now });
      // A check cut short by a shutdown says nothing about the server: not recorded (its lease runs out).
      if (options.signal?.aborted) break;
      const evidence = await options.repo.recordCheck(claim.name, claim.version, result.check);
      if (evidence) await options.onEvidence?.(claim.name, evidence);
      if (result.snapshot && claim.version)
        await options.onSnapshot?.(claim.name, claim.version, result.snapshot);
      const entry: CheckPassEntry = { name: claim.name, version: claim.version, ...strip(result.check) };
      entries.push(entry);
      options.onResult?.(entry);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const counts = { up: 0, "needs-auth": 0, down: 0, error: 0 };
  for (const e of entries) counts[e.status]++;
  entries.sort((a, b) => a.name.localeCompare(b.name));
  return {
    checked: entries.length,
    counts,
    durationMs: Math.round(performance.now() - started),
    concurrency,
    entries,
  };
}

/**
 * Checks every server of a connector; the connector's result is its worst server's. With `onSnapshot`,
 * also the version's tool snapshot, when every one of its remote servers answered in full.
 */
async function checkConnector(
  claim: CheckClaim,
  options: CheckPassOptions & { timeoutMs: number; now: () => Date },
): Promise<{ check: CheckResult; snapshot?: ToolSnapshot }> {
  // Loaded at the first check: the MCP SDK's client (and zod) comes with it, which a start never needs.
  const { checkRemote } = await import("./check-remote.js");
  const results: CheckResult[] = [];
  const servers: Record<string, ServerSnapshot> = {};
  const targets = claim.targets.slice(0, MAX_TARGETS);
  for (const target of targets) {
    const key = target.server;
    results.push(
      await checkRemote(target, {
        allow: options.allow,
        timeoutMs: options.timeoutMs,
        now: options.now,
        ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
        ...(options.resolve ? { resolve: options.resolve } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onSnapshot && key !== undefined
          ? { onSnapshot: (snap: ServerSnapshot) => (servers[key] = snap) }
          : {}),
      }),
    );
  }
  if (results.length === 0) {
    return {
      check: {
        checkedAt: options.now().toISOString(),
        kind: "remote",
        status: "error",
        error: "check.no-target",
      },
    };
  }
  const worst = [...results].sort((a, b) => WORST.indexOf(a.status) - WORST.indexOf(b.status))[0]!;
  const toolCounts = results.map((r) => r.toolCount).filter((n): n is number => n !== undefined);
  const checkedAt = options.now().toISOString();
  const check: CheckResult = {
    ...worst,
    checkedAt,
    latencyMs: Math.max(...results.map((r) => r.latencyMs ?? 0)),
    ...(toolCounts.length > 0 ? { toolCount: toolCounts.reduce((a, b) => a + b, 0) } : {}),
  };
  // Only a complete picture is signed: every target answered and none was cut off by MAX_TARGETS.
  const complete =
    claim.targets.length <= MAX_TARGETS &&
    targets.every((t) => t.server !== undefined && servers[t.server] !== undefined);
  const snapshot = complete ? makeSnapshot("remote", servers, checkedAt) : undefined;
  return { check, ...(snapshot ? { snapshot } : {}) };
}

function strip(result: CheckResult): Omit<CheckPassEntry, "name" | "version"> {
  const { status, latencyMs, protocolVersion, toolCount, error } = result;
  return {
    status,
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(protocolVersion !== undefined ? { protocolVersion } : {}),
    ...(toolCount !== undefined ? { toolCount } : {}),
    ...(error !== undefined ? { error } : {}),
  };
}
