import type { Hono } from "hono";
import type { ImportProvenance } from "../../core/api/documents.js";
import { isConnectoryError } from "../../core/errors.js";
import type { Registry } from "../registry.js";
import type { RegistryRepository } from "../../db/repository.js";
import { computeIntegrity } from "../../package/integrity.js";
import { packFiles } from "../../package/pack.js";
import { createToken, revokeToken } from "../tokens.js";
import type { ImportEntry } from "./import-sources.js";
import { applyUpstreamStatus } from "./import-status.js";

export type ImportStatus = "imported" | "updated" | "unchanged" | "refused" | "yanked" | "deprecated";

/** What happened to one upstream entry. */
export interface ImportOutcome {
  entry: string;
  status: ImportStatus;
  name?: string;
  version?: string;
  code?: string;
  reason?: string;
  notes?: number;
}

export interface ImportReport {
  counts: Record<ImportStatus, number>;
  entries: ImportOutcome[];
}

/**
 * Publishes every converted entry through the registry's own publish route (the checks, the transaction and
 * the blob write every publish gets), as the publisher the source names, with a token revoked afterwards.
 * Idempotent: a version already stored with the same tarball is `unchanged`; an entry is fully published or
 * not at all (the publish transaction), so an interrupted import is finished by running it again.
 */
export async function runImport(input: {
  app: Hono & { registry: Registry };
  repo: RegistryRepository;
  entries: ImportEntry[];
  now: () => Date;
  progress?: (done: number, total: number) => void;
}): Promise<ImportReport> {
  const report: ImportReport = {
    counts: { imported: 0, updated: 0, unchanged: 0, refused: 0, yanked: 0, deprecated: 0 },
    entries: [],
  };
  const tokens = new Map<string, { token: string; id: string }>();
  const tokenFor = async (publisher: string) => {
    const known = tokens.get(publisher);
    if (known) return known.token;
    // A publisher the import creates is the upstream namespace's, not a person's: shown as unclaimed
    // until an operator hands it to its owner (`connectory-registry publisher claim`).
    const { token, row } = await createToken(input.repo, {
      publisher,
      label: "import",
      now: input.now(),
      unclaimed: true,
    });
    tokens.set(publisher, { token, id: String(row.id) });
    return token;
  };
  const add = (outcome: ImportOutcome) => {
    report.entries.push(outcome);
    report.counts[outcome.status]++;
  };
  try {
    for (const [i, { entry, conversion, upstreamStatus }] of input.entries.entries()) {
      input.progress?.(i, input.entries.length);
      if (!conversion.ok) {
        add({ entry, status: "refused", code: conversion.code, reason: conversion.message });
        continue;
      }
      const { version } = conversion;
      const publisher = manifestOf(conversion.files).publisher as string;
      const placed = await place(input.app, conversion.name, publisher);
      if (!placed) {
        add({
          entry,
          status: "refused",
          name: conversion.name,
          version,
          code: "import.name.taken",
          reason: `${conversion.name} and ${publisher}-${conversion.name} belong to other publishers`,
        });
        continue;
      }
      const bearer = async () => `Bearer ${await tokenFor(publisher)}`;
      const target = { name: placed.name, version, upstreamName: conversion.provenance.upstreamName };
      if (upstreamStatus && placed.known) {
        // Deleted or deprecated upstream, and stored here: yank or deprecate it (or find it already so).
        const applied = await applyUpstreamStatus(input.app, bearer, target, upstreamStatus);
        if (applied) {
          add({ entry, status: applied, name: placed.name, version });
          continue;
        }
      }
      if (upstreamStatus?.status === "deleted") {
        add({
          entry,
          status: "refused",
          name: placed.name,
          version,
          code: "import.upstream.deleted",
          reason: `${conversion.provenance.upstreamName} ${version} is deleted upstream: not imported`,
        });
        continue;
      }
      const fetchedAt = input.now().toISOString();
      let outcome = await publishEntry(input.app, tokenFor, entry, conversion, placed, publisher, fetchedAt);
      if (outcome.status === "refused" && LOOK_ALIKE.has(outcome.code ?? "") && !placed.known) {
        // Another catalog's entry for the same service holds the name or title: this one is kept apart
        // under `<publisher>-<name>` and a title naming its publisher, as for a taken name.
        const apart =
          placed.name === conversion.name
            ? await place(input.app, `${publisher}-${conversion.name}`, publisher)
            : placed;
        if (apart) {
          const files = retitled(conversion.files, publisher);
          outcome = await publishEntry(
            input.app,
            tokenFor,
            entry,
            { ...conversion, files },
            apart,
            publisher,
            fetchedAt,
          );
        }
      }
      if (upstreamStatus && (outcome.status === "imported" || outcome.status === "updated") && outcome.name) {
        // Deprecated upstream: imported, then deprecated like its source (a rerun finishes an interrupted one).
        await applyUpstreamStatus(input.app, bearer, { ...target, name: outcome.name }, upstreamStatus);
      }
      add(outcome);
    }
  } finally {
    for (const { id } of tokens.values()) await revokeToken(input.repo, id, input.now());
  }
  return report;
}

const decoder = new TextDecoder();
const manifestOf = (files: Map<string, Uint8Array>) =>
  JSON.parse(decoder.decode(files.get("plugin.json"))) as Record<string, unknown>;

/**
 * Where an entry goes: its own name when free or already its publisher's; else `<publisher>-<name>` (two
 * upstream namespaces often both have a `mcp-server`), deterministic so a re-import finds the same place.
 */
async function place(
  app: Hono,
  name: string,
  publisher: string,
): Promise<{ name: string; known: boolean } | undefined> {
  const prefixed = `${publisher}-${name}`.slice(0, 64).replace(/-+$/, "");
  for (const candidate of [name, prefixed]) {
    const res = await app.request(`http://import.internal/v1/connectors/${encodeURIComponent(candidate)}`);
    if (res.status === 404) return { name: candidate, known: false };
    const doc = (await res.json().catch(() => ({}))) as { publisher?: string };
    if (res.status === 200 && doc.publisher === publisher) return { name: candidate, known: true };
  }
  return undefined;
}

/** The package under another connector name (plugin.json only; the upstream name stays in keywords). */
function renamed(files: Map<string, Uint8Array>, name: string): Map<string, Uint8Array> {
  const copy = new Map(files);
  copy.set(
    "plugin.json",
    new TextEncoder().encode(`${JSON.stringify({ ...manifestOf(files), name }, null, 2)}\n`),
  );
  return copy;
}

/** The problem codes of a name or title too close to another publisher's (src/registry/look-alikes.ts). */
const LOOK_ALIKE = new Set(["publish.name.look-alike", "publish.display-name.look-alike"]);

type Converted = Extract<ImportEntry["conversion"], { ok: true }>;

/** Publishes one converted entry at its place, or finds it already there: the entry's outcome. */
async function publishEntry(
  app: Hono & { registry: Registry },
  tokenFor: (publisher: string) => Promise<string>,
  entry: string,
  conversion: Converted,
  placed: { name: string; known: boolean },
  publisher: string,
  fetchedAt: string,
): Promise<ImportOutcome> {
  const { version } = conversion;
  const { name, known } = placed;
  const files = name === conversion.name ? conversion.files : renamed(conversion.files, name);
  const tarball = await packFiles(files);
  const integrity = computeIntegrity(tarball).integrity;
  const at = `http://import.internal/v1/connectors/${encodeURIComponent(name)}`;
  const existing = await app.request(`${at}/${encodeURIComponent(version)}`);
  if (existing.status === 200) {
    const doc = (await existing.json()) as { dist?: { integrity?: string }; tools?: unknown };
    if (doc.dist?.integrity === integrity) {
      // A run killed between the publish and the tools report: this run reports them.
      if (doc.tools === undefined) await reportTools(app, tokenFor, at, version, conversion, publisher);
      return { entry, status: "unchanged", name, version };
    }
    return {
      entry,
      status: "refused",
      name,
      version,
      code: "import.version.changed",
      reason: `${name}@${version} is stored with other content: upstream changed without a new version (versions are immutable)`,
    };
  }
  // The registry's publish service (every check the PUT route makes), in-process so the version's
  // provenance lands in the same transaction: an entry is imported whole, provenance included, or not at all.
  const owner = await app.registry.authenticate(`Bearer ${await tokenFor(publisher)}`);
  const p = conversion.provenance;
  const provenance: ImportProvenance = {
    format: p.format,
    upstreamName: p.upstreamName,
    ...(p.upstreamVersion !== undefined ? { upstreamVersion: p.upstreamVersion } : {}),
    ...(p.origin !== undefined ? { origin: p.origin } : {}),
    fetchedAt,
  };
  try {
    await app.registry.publish({ name, publisher: owner, bytes: tarball, provenance });
  } catch (error) {
    if (!isConnectoryError(error) || error.status >= 500) throw error;
    return { entry, status: "refused", name, version, code: error.code, reason: error.message };
  }
  await reportTools(app, tokenFor, at, version, conversion, publisher);
  return { entry, status: known ? "updated" : "imported", name, version, notes: conversion.notes.length };
}

/** Reports the tools the source lists (the publisher's word, as `publish --with-tools` reports it). */
async function reportTools(
  app: Hono,
  tokenFor: (publisher: string) => Promise<string>,
  at: string,
  version: string,
  conversion: Converted,
  publisher: string,
): Promise<void> {
  if (!conversion.tools || conversion.tools.length === 0) return;
  await app.request(`${at}/${encodeURIComponent(version)}/tools`, {
    method: "PUT",
    headers: { authorization: `Bearer ${await tokenFor(publisher)}`, "content-type": "application/json" },
    body: JSON.stringify({ tools: conversion.tools }),
  });
}

/** The package with a title that names its publisher ("Stripe (docker)"), so it is not another's look-alike. */
function retitled(files: Map<string, Uint8Array>, publisher: string): Map<string, Uint8Array> {
  const manifest = manifestOf(files);
  const title = typeof manifest.displayName === "string" ? manifest.displayName : String(manifest.name);
  const copy = new Map(files);
  copy.set(
    "plugin.json",
    new TextEncoder().encode(
      `${JSON.stringify({ ...manifest, displayName: `${title} (${publisher})` }, null, 2)}\n`,
    ),
  );
  return copy;
}
