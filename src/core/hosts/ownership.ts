import { createHash } from "node:crypto";
import { canonical, type EntryChange } from "./document.js";
import type { HostEntry } from "./types.js";

/** What Connectory remembers about an entry it wrote: the hash of exactly that value. */
export interface OwnedEntry {
  sha256: string;
}

export type EntryAction =
  /** new entry written */
  | "add"
  /** our entry, replaced with the new value */
  | "update"
  /** our entry, already as wanted */
  | "unchanged"
  /** our entry, no longer in the effective set */
  | "remove"
  /** our entry, but the user changed it since: reported, left alone */
  | "user-edited"
  /** an entry of that name that Connectory did not write: reported, left alone */
  | "not-ours";

export interface EntryReport {
  name: string;
  action: EntryAction;
}

/** The result of comparing a host file's entries with the wanted ones and the ownership record. */
export interface EntryPlan {
  changes: EntryChange[];
  report: EntryReport[];
  /** The ownership record after the changes are written. */
  owned: Record<string, OwnedEntry>;
}

/** sha256 of an entry's canonical JSON: the same value hashes the same in JSON, TOML or YAML. */
export function entryHash(value: unknown): string {
  return createHash("sha256").update(canonical(value)).digest("hex");
}

/**
 * Decides each entry: only entries we own (their hash still matches what we wrote) are replaced or
 * removed; an entry the user edited since, or one we never wrote, is reported and never touched.
 */
export function planEntries(
  current: Record<string, unknown>,
  desired: Record<string, HostEntry>,
  owned: Record<string, OwnedEntry>,
): EntryPlan {
  const changes: EntryChange[] = [];
  const report: EntryReport[] = [];
  const nextOwned: Record<string, OwnedEntry> = {};
  for (const [name, value] of Object.entries(desired)) {
    const want = entryHash(value);
    if (!Object.hasOwn(current, name)) {
      changes.push({ name, value });
      report.push({ name, action: "add" });
      nextOwned[name] = { sha256: want };
      continue;
    }
    const have = entryHash(current[name]);
    const record = owned[name];
    if (record && record.sha256 !== have && have !== want) {
      report.push({ name, action: "user-edited" });
      nextOwned[name] = record;
    } else if (!record && have !== want) {
      report.push({ name, action: "not-ours" });
    } else if (have === want) {
      // Identical to what we would write: ours (again), nothing to change.
      report.push({ name, action: "unchanged" });
      nextOwned[name] = { sha256: want };
    } else {
      changes.push({ name, value });
      report.push({ name, action: "update" });
      nextOwned[name] = { sha256: want };
    }
  }
  for (const [name, record] of Object.entries(owned)) {
    if (Object.hasOwn(desired, name) || !Object.hasOwn(current, name)) continue;
    if (entryHash(current[name]) === record.sha256) {
      changes.push({ name });
      report.push({ name, action: "remove" });
    } else {
      report.push({ name, action: "user-edited" });
      nextOwned[name] = record;
    }
  }
  return { changes, report, owned: nextOwned };
}
