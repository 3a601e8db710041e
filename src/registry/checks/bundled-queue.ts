import type { VersionContent } from "../../core/api/documents.js";
import type { StabilityEvidence } from "../../core/quality/evidence.js";
import type { RegistryRepository } from "../../db/repository.js";
import type { BlobStore } from "../../storage/blob-store.js";
import { makeSnapshot, type ServerSnapshot, type ToolSnapshot } from "../../core/tools/snapshot.js";
import type { BundledCheckOptions } from "./check-bundled.js";

/** Checks of bundled servers after publish, one at a time, off the publish request. */
export interface BundledChecker {
  /** Queues the check of a just-published version (returns at once). */
  enqueue(name: string, version: string): void;
  /** Resolves when the queue is empty (tests, shutdown). */
  idle(): Promise<void>;
  /** Drops what is queued, stops the check in flight and waits for it to end. */
  close(): Promise<void>;
}

/** Versions waiting at most; a burst beyond it (an import) is checked by nobody rather than by a backlog. */
const MAX_QUEUE = 200;

/**
 * The publish-time checker: a queue worked by one background loop, so a publish answers as soon as its
 * transaction commits and at most one untrusted server runs at a time. Without a usable bubblewrap
 * nothing is run (a registry never starts publishers' code unsandboxed) and `log` says so once.
 */
export function createBundledChecker(deps: {
  repo: RegistryRepository;
  blobs: BlobStore;
  log: (message: string) => void;
  options?: Omit<BundledCheckOptions, "bwrap"> & { bwrap?: string };
  /**
   * Called after each recorded check with the evidence it stored (the quality score's hook: refreshQuality
   * reads that evidence back from the check summary and rewrites the document's `quality` and `checks`).
   */
  onEvidence?: (name: string, evidence: StabilityEvidence) => Promise<void> | void;
  /** Called with the tool snapshot of a version whose every checked server answered (recordToolSnapshot). */
  onSnapshot?: (name: string, version: string, snapshot: ToolSnapshot) => Promise<unknown> | unknown;
}): BundledChecker {
  const queue: Array<{ name: string; version: string }> = [];
  let running: Promise<void> | undefined;
  let closed = false;
  let warned = false;
  const stopping = new AbortController();

  const checkOne = async (name: string, version: string) => {
    // Loaded at the first check: the MCP SDK's client (and zod) comes with it, which a start never needs.
    const { bundledServers, checkBundled, findSandbox } = await import("./check-bundled.js");
    const bwrap = deps.options?.bwrap ?? (await findSandbox());
    if (!bwrap) {
      if (!warned)
        deps.log("checks: bubblewrap is not usable here; bundled servers are not checked at publish");
      warned = true;
      return;
    }
    const doc = await deps.repo.versionDocument(name, version);
    const info = await deps.repo.tarball(name, version);
    if (!doc || !info) return;
    const content = JSON.parse(doc.body) as VersionContent;
    if (bundledServers(content.mcp.mcpServers).length === 0) return;
    const bytes = await deps.blobs.get(info.blobKey);
    if (!bytes) return;
    const servers: Record<string, ServerSnapshot> = {};
    const result = await checkBundled(bytes, content, {
      ...deps.options,
      bwrap,
      signal: stopping.signal,
      onSnapshot: (server, snap) => (servers[server] = snap),
    });
    // A check cut short by a shutdown says nothing about the server: it is not recorded.
    if (!result || stopping.signal.aborted) return;
    const evidence = await deps.repo.recordCheck(name, version, result);
    if (evidence) await deps.onEvidence?.(name, evidence);
    // The snapshot is kept only when every bundled server answered in full.
    const expected = bundledServers(content.mcp.mcpServers).map(([key]) => key);
    if (result.status === "up" && expected.every((key) => servers[key])) {
      const snapshot = makeSnapshot("bundled", servers, result.checkedAt);
      if (snapshot) await deps.onSnapshot?.(name, version, snapshot);
    }
  };

  const pump = () => {
    if (running || closed) return;
    running = (async () => {
      for (let job = queue.shift(); job && !closed; job = queue.shift()) {
        await checkOne(job.name, job.version).catch((error: unknown) =>
          deps.log(
            `checks: ${job.name}@${job.version} at publish: ${String((error as Error)?.message ?? error)}`,
          ),
        );
      }
    })().finally(() => {
      running = undefined;
      if (queue.length > 0) pump();
    });
  };

  return {
    enqueue(name, version) {
      if (closed || queue.length >= MAX_QUEUE) return;
      queue.push({ name, version });
      pump();
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      queue.length = 0;
      stopping.abort();
      await running;
    },
  };
}
