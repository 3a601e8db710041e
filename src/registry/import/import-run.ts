import type { RegistryRepository } from "../../db/repository.js";
import type { Registry } from "../registry.js";
import { importActors } from "./import-actors.js";
import { place, retitled } from "./import-place.js";
import { importPublisher, upstreamNamespace } from "./import-publishers.js";
import { publishEntry, type PublishTarget } from "./import-publish.js";
import type { ImportEntry } from "./import-sources.js";
import { applyUpstreamStatus, restoreUpstreamStatus } from "./import-status.js";
import { importedVersion } from "./import-version.js";

export type ImportStatus =
  "imported" | "updated" | "unchanged" | "refused" | "yanked" | "deprecated" | "restored";

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

/** The problem codes of a name or title too close to another publisher's (src/registry/look-alikes.ts). */
const LOOK_ALIKE = new Set(["publish.name.look-alike", "publish.display-name.look-alike"]);

/**
 * Publishes every converted entry through the registry's services (the checks, the transaction and the blob
 * write every publish gets), as the publisher the source names. Idempotent: a version already stored with
 * the same tarball is `unchanged`; an entry is fully published or not at all (the publish transaction), so
 * an interrupted import is finished by running it again.
 */
export async function runImport(input: {
  registry: Registry;
  repo: RegistryRepository;
  entries: ImportEntry[];
  now: () => Date;
  progress?: (done: number, total: number) => void;
}): Promise<ImportReport> {
  const { registry } = input;
  const report: ImportReport = {
    counts: { imported: 0, updated: 0, unchanged: 0, refused: 0, yanked: 0, deprecated: 0, restored: 0 },
    entries: [],
  };
  const actors = importActors(input.repo, input.now);
  const add = (outcome: ImportOutcome) => {
    report.entries.push(outcome);
    report.counts[outcome.status]++;
  };
  for (const [i, item] of input.entries.entries()) {
    const { entry, upstreamStatus } = item;
    input.progress?.(i, input.entries.length);
    if (!item.conversion.ok) {
      add({ entry, status: "refused", code: item.conversion.code, reason: item.conversion.message });
      continue;
    }
    const namespace = upstreamNamespace(item.conversion);
    const found = await importPublisher(input.repo, item.conversion, namespace);
    if ("refused" in found) {
      const { name, version } = item.conversion;
      add({ entry, status: "refused", name, version, code: "import.publisher.taken", reason: found.refused });
      continue;
    }
    const { conversion, publisher } = found;
    const { version } = conversion;
    const actor = () => actors.actorFor(publisher, namespace);
    const placed = await place(registry, conversion.name, publisher, conversion.provenance.upstreamName);
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
    // The stored version an upstream status applies to (the importer's version for a placeholder).
    const target = {
      name: placed.name,
      version: upstreamStatus
        ? (await importedVersion(registry, placed.name, conversion.files, version)).version
        : version,
      upstreamName: conversion.provenance.upstreamName,
    };
    if (upstreamStatus && placed.known) {
      // Deleted or deprecated upstream, and stored here: yank or deprecate it (or find it already so).
      const applied = await applyUpstreamStatus(registry, actor, target, upstreamStatus);
      if (applied) {
        add({ entry, status: applied, name: placed.name, version: target.version });
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
    const base: PublishTarget = {
      entry,
      conversion,
      placed,
      actor,
      fetchedAt: input.now().toISOString(),
      ...(item.serverJson !== undefined ? { serverJson: item.serverJson } : {}),
    };
    let outcome = await publishEntry(registry, base);
    if (outcome.status === "refused" && LOOK_ALIKE.has(outcome.code ?? "") && !placed.known) {
      // Another catalog's entry for the same service holds the name or title: this one is kept apart
      // under `<publisher>-<name>` and a title naming its publisher, as for a taken name.
      const apart =
        placed.name === conversion.name
          ? await place(registry, `${publisher}-${conversion.name}`, publisher)
          : placed;
      if (apart) {
        const files = retitled(conversion.files, publisher);
        outcome = await publishEntry(registry, {
          ...base,
          conversion: { ...conversion, files },
          placed: apart,
        });
      }
    }
    if (outcome.status === "refused" && outcome.code === "import.version.changed" && placed.known) {
      // An earlier run kept it apart as another's look-alike (the title naming its publisher): the same
      // retitled package is the same entry, unchanged.
      const files = retitled(conversion.files, publisher);
      const again = await publishEntry(registry, { ...base, conversion: { ...conversion, files } });
      if (again.status === "unchanged") outcome = again;
    }
    if (upstreamStatus && (outcome.status === "imported" || outcome.status === "updated") && outcome.name) {
      // Deprecated upstream: imported, then deprecated like its source (a rerun finishes an interrupted one).
      await applyUpstreamStatus(registry, actor, { ...target, name: outcome.name }, upstreamStatus);
    }
    if (item.upstreamActive && outcome.status === "unchanged" && outcome.name && outcome.version) {
      // Active upstream again (unyanked, undeprecated there): the stored version follows.
      const restored = await restoreUpstreamStatus(registry, actor, {
        name: outcome.name,
        version: outcome.version,
      });
      if (restored) outcome = { ...outcome, status: restored };
    }
    add(outcome);
  }
  return report;
}
