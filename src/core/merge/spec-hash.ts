import { createHash } from "node:crypto";
import type { Permissions } from "../sandbox/permissions.js";
import { isRemote, type ServerSpec } from "../types.js";

/**
 * The parts of a server that decide what runs (or where requests go). Trust covers exactly these: editing
 * any of them makes a hand-written server untrusted again.
 */
export type LaunchPart = "type" | "command" | "args" | "env" | "cwd" | "url" | "headers" | "permissions";

/** The launch spec in a canonical form: absent and empty are the same, object keys sorted. */
export function canonicalSpec(spec: ServerSpec): Record<Exclude<LaunchPart, "permissions">, unknown> {
  if (isRemote(spec)) {
    return {
      type: spec.type,
      command: null,
      args: null,
      env: null,
      cwd: null,
      url: spec.url,
      headers: sortKeys(spec.headers ?? {}),
    };
  }
  return {
    type: "stdio",
    command: spec.command,
    args: spec.args ?? [],
    env: sortKeys(spec.env ?? {}),
    cwd: spec.cwd ?? null,
    url: null,
    headers: null,
  };
}

/** What trust.json stores for a server: the sha256 of the whole canonical spec, and of each part. */
export interface SpecFingerprint {
  sha256: string;
  parts: Record<LaunchPart, string>;
}

/**
 * sha256 of the canonical launch spec (and of each part, to say which one changed). A hand-written
 * server's `permissions` block is covered too when it has one (a spec without one hashes as before).
 */
export function fingerprintSpec(spec: ServerSpec, permissions?: Permissions): SpecFingerprint {
  const canonical: Record<string, unknown> = canonicalSpec(spec);
  if (permissions !== undefined)
    canonical["permissions"] = {
      network: permissions.network ?? "none",
      filesystem: permissions.filesystem ?? [],
    };
  const parts = {} as Record<LaunchPart, string>;
  for (const [key, value] of Object.entries(canonical))
    parts[key as LaunchPart] = sha256(JSON.stringify(value));
  return { sha256: sha256(JSON.stringify(canonical)), parts };
}

/** The launch parts that differ between a trusted fingerprint and the current spec (sorted). */
export function changedParts(trusted: Partial<SpecFingerprint>, current: SpecFingerprint): LaunchPart[] {
  if (trusted.sha256 === current.sha256) return [];
  const known = trusted.parts;
  if (!known) return [];
  return (Object.keys(current.parts) as LaunchPart[]).filter((part) => known[part] !== current.parts[part]);
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
