import type { ImportProvenance } from "../../core/api/documents.js";
import { isConnectoryError } from "../../core/errors.js";
import { MAX_TOOLS_BYTES } from "../../core/tools/report.js";
import { computeIntegrity } from "../../package/integrity.js";
import { packFiles } from "../../package/pack.js";
import type { Registry } from "../registry.js";
import type { Publisher } from "../tokens.js";
import { storedVersion } from "./import-lookup.js";
import { renamed } from "./import-place.js";
import type { ImportOutcome } from "./import-run.js";
import type { ImportEntry } from "./import-sources.js";
import { importedVersion } from "./import-version.js";

/** What a publish says when a concurrent publish of the same entry got there first. */
const RACED = new Set(["publish.version.exists", "db.conflict"]);

export type Converted = Extract<ImportEntry["conversion"], { ok: true }>;

/** One entry's publish: where it goes, as whom, and what the source said of it. */
export interface PublishTarget {
  entry: string;
  conversion: Converted;
  placed: { name: string; known: boolean };
  actor: () => Promise<Publisher>;
  fetchedAt: string;
  serverJson?: string;
}

/**
 * Publishes one converted entry at its place through the registry's publish service (every check the PUT
 * route makes, provenance in the same transaction: an entry is imported whole or not at all), or finds it
 * already there: the entry's outcome.
 */
export async function publishEntry(registry: Registry, target: PublishTarget): Promise<ImportOutcome> {
  const { entry, conversion, actor } = target;
  const { name, known } = target.placed;
  const { version, files } = await importedVersion(
    registry,
    name,
    name === conversion.name ? conversion.files : renamed(conversion.files, name),
    conversion.version,
  );
  const tarball = await packFiles(files);
  const integrity = computeIntegrity(tarball).integrity;
  const stored = async (): Promise<ImportOutcome | undefined> => {
    const doc = await storedVersion(registry, name, version);
    if (!doc) return undefined;
    if (doc.dist?.integrity === integrity) {
      // A run killed between the publish and the tools report: this run reports them.
      if (doc.tools === undefined) await reportTools(registry, actor, name, version, conversion);
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
  };
  const before = await stored();
  if (before) return before;
  const p = conversion.provenance;
  const provenance: ImportProvenance = {
    format: p.format,
    upstreamName: p.upstreamName,
    ...(p.upstreamVersion !== undefined ? { upstreamVersion: p.upstreamVersion } : {}),
    ...(p.origin !== undefined ? { origin: p.origin } : {}),
    fetchedAt: target.fetchedAt,
  };
  try {
    await registry.publish({
      name,
      publisher: await actor(),
      bytes: tarball,
      provenance,
      ...(target.serverJson !== undefined ? { serverJson: target.serverJson } : {}),
    });
  } catch (error) {
    if (!isConnectoryError(error) || error.status >= 500) throw error;
    // Another import (or the seed) published this very entry meanwhile: it is there once, unchanged here.
    if (RACED.has(error.code)) {
      const after = await stored();
      if (after) return after;
    }
    return { entry, status: "refused", name, version, code: error.code, reason: error.message };
  }
  await reportTools(registry, actor, name, version, conversion);
  return { entry, status: known ? "updated" : "imported", name, version, notes: conversion.notes.length };
}

/** Reports the tools the source lists (the publisher's word, as `publish --with-tools` reports it). */
async function reportTools(
  registry: Registry,
  actor: () => Promise<Publisher>,
  name: string,
  version: string,
  conversion: Converted,
): Promise<void> {
  if (!conversion.tools || conversion.tools.length === 0) return;
  const body = { tools: conversion.tools };
  // The PUT route's body limit: a larger list is not reported (as over HTTP, where it was refused).
  if (new TextEncoder().encode(JSON.stringify(body)).byteLength > MAX_TOOLS_BYTES) return;
  try {
    await registry.reportTools({ name, version, publisher: await actor(), body });
  } catch (error) {
    // A list the registry refuses (tools.invalid) leaves the version without a report, as it did over HTTP.
    if (!isConnectoryError(error)) throw error;
  }
}
