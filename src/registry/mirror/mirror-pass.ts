import type { Hono } from "hono";
import { isObject } from "../../core/json-guards.js";
import { OFFICIAL_META } from "../../core/official/types.js";
import type { PublicKeyEntry } from "../../core/signing/keys.js";
import { trustedUpstreamKeys } from "../../core/signing/verify-upstream.js";
import type { RegistryRepository } from "../../db/repository.js";
import { runImport, type ImportReport } from "../import/import-run.js";
import { registryItems, registryRoot, serverJsonEntries } from "../import/import-sources.js";
import { importActors } from "../import/import-actors.js";
import type { Registry } from "../registry.js";
import { connectoryItem, mirrorTarball, type ConnectoryItem } from "./mirror-tarball.js";

// One mirror pass over one upstream registry (docs/deploy.md, "Mirroring"): the entries changed since the
// cursor this registry stored for it (`updated_since`, deleted ones included), so an unchanged upstream
// costs one request. Entries a Connectory registry serves arrive as its tarballs (mirror-tarball.ts); any
// other registry's go through the server.json import. The cursor moves only once the whole pass is done.

/** What the database keeps per upstream, in `meta` under `mirror/<base URL>`. */
interface MirrorState {
  /** The latest `updatedAt` of the entries seen: the next pass asks from just before it (inclusive). */
  cursor?: string;
  /** The entries (`name version updatedAt`) seen at exactly the cursor's time: skipped when listed again. */
  seen?: string[];
  /** The upstream keys trusted (pinned at the first pass that needed them; endorsed rotations join). */
  keys?: PublicKeyEntry[];
}

export interface MirrorPassResult {
  upstream: string;
  /** HTTP requests made to the upstream. */
  requests: number;
  /** Entries the upstream listed as changed. */
  entries: number;
  cursor?: string;
  report: ImportReport;
}

const stateKey = (root: string) => `mirror/${root}`;

/** Runs one pass; throws (leaving the cursor where it was) when the upstream cannot be read. */
export async function mirrorPass(input: {
  app: Hono & { registry: Registry };
  repo: RegistryRepository;
  upstream: string;
  fetch: typeof fetch;
  now: () => Date;
}): Promise<MirrorPassResult> {
  const root = registryRoot(input.upstream);
  const stored = await input.repo.getMeta(stateKey(root));
  const state = (stored ? JSON.parse(stored) : {}) as MirrorState;
  // `updated_since` is exclusive upstream (`updated_at > since`): asked from a millisecond earlier, so an
  // entry changed at the cursor's very millisecond after the last pass read it is not missed; the ones that
  // pass already took are recognised (same name, version and time) and skipped.
  const since = state.cursor === undefined ? undefined : new Date(Date.parse(state.cursor) - 1).toISOString();
  const listing = await registryItems(root, input.fetch, since);
  const seen = new Set(state.seen ?? []);
  const fresh = listing.items.filter((item) => !seen.has(itemKey(item)));
  let requests = listing.requests;
  const ours: ConnectoryItem[] = [];
  const others: unknown[] = [];
  for (const item of fresh) {
    const c = connectoryItem(item);
    if (c) ours.push(c);
    else others.push(item);
  }
  const report = await runImport({
    registry: input.app.registry,
    repo: input.repo,
    entries: serverJsonEntries(others, `${root}/v0.1/servers`),
    now: input.now,
  });
  let keys = state.keys;
  if (ours.length > 0) {
    const res = await input.fetch(`${root}/.well-known/connectory/keys`);
    requests++;
    const doc = res.ok ? ((await res.json()) as unknown) : undefined;
    const listed = isObject(doc) && Array.isArray(doc["keys"]) ? (doc["keys"] as PublicKeyEntry[]) : [];
    keys = trustedUpstreamKeys(keys ?? listed, listed);
    const actors = importActors(input.repo, input.now);
    const registry = input.app.registry;
    const ctx = { registry, repo: input.repo, root, fetch: input.fetch, keys, actors, now: input.now };
    // Older versions first, so `latest` moves as it did upstream.
    for (const item of ours.reverse()) {
      const outcome = await mirrorTarball(ctx, item);
      if (outcome.status === "imported") requests += 2; // the version document and the tarball
      report.entries.push(outcome);
      report.counts[outcome.status]++;
    }
  }
  const cursor = latestUpdate(listing.items) ?? state.cursor;
  const atCursor = listing.items.filter((item) => sameTime(updatedAt(item), cursor)).map(itemKey);
  const next: MirrorState = {
    ...(cursor ? { cursor } : {}),
    ...(atCursor.length > 0 ? { seen: atCursor } : {}),
    ...(keys ? { keys } : {}),
  };
  await input.repo.transaction((tx) => tx.setMeta(stateKey(root), JSON.stringify(next)));
  return { upstream: root, requests, entries: fresh.length, ...(cursor ? { cursor } : {}), report };
}

/** An item's official `_meta.updatedAt`, when it is a time. */
function updatedAt(item: unknown): string | undefined {
  const meta = isObject(item) && isObject(item["_meta"]) ? item["_meta"][OFFICIAL_META] : undefined;
  const at = isObject(meta) ? meta["updatedAt"] : undefined;
  return typeof at === "string" && !Number.isNaN(Date.parse(at)) ? at : undefined;
}

const sameTime = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && Date.parse(a) === Date.parse(b);

/** What identifies one state of one listed entry: its name, version and update time. */
function itemKey(item: unknown): string {
  const server = isObject(item) && isObject(item["server"]) ? item["server"] : {};
  return `${String(server["name"])} ${String(server["version"])} ${updatedAt(item) ?? ""}`;
}

/** The latest `_meta[official].updatedAt` of the items, if any says one. */
function latestUpdate(items: unknown[]): string | undefined {
  let latest: string | undefined;
  for (const item of items) {
    const at = updatedAt(item);
    if (at !== undefined && (latest === undefined || Date.parse(at) > Date.parse(latest))) latest = at;
  }
  return latest;
}
