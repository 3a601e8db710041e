import { createHash } from "node:crypto";
import { canonicalJson } from "../tools/canonical.js";

// The one statement the registry signs for every version it accepts, and the one the transparency log
// records (docs/security.md "Verifying what you install"). The registry builds it at publish (and in the
// backfill of older versions), the CLI rebuilds its bytes from what it received and compares every field
// with the tarball it downloaded. Change nothing here without bumping STATEMENT_TYPE: signatures already
// made must keep verifying.

/** The statement's type and version; part of the signed bytes. */
export const STATEMENT_TYPE = "https://connectory.dev/statement/version/v1";

/** What is signed is this prefix and the canonical JSON (domain separation from checkpoints and keys). */
const SIGNED_PREFIX = "connectory.version-statement.v1\n";

/**
 * Where a version was built, from a trusted publisher's CI identity token (issue 23, trusted publishing).
 * Reserved here so the signature covers it; the OIDC exchange fills it. Every field is text.
 */
export interface BuildProvenance {
  /** The OIDC issuer (`https://token.actions.githubusercontent.com`). */
  issuer: string;
  /** `owner/repo` on the issuer's forge. */
  repository: string;
  /** The workflow file (`.github/workflows/release.yml`). */
  workflow: string;
  ref?: string;
  /** The commit the workflow ran on. */
  sha?: string;
  runId?: string;
  runUrl?: string;
  [more: string]: string | undefined;
}

/** The fields of a version statement (docs/http-api.md `dist.statement`). */
export interface VersionStatement {
  _type: typeof STATEMENT_TYPE;
  name: string;
  version: string;
  /** The publisher the version was accepted from. */
  publisher: string;
  /** SRI `sha512-<base64>` of the tarball bytes. */
  integrity: string;
  /** Hex sha256 of the tarball bytes. */
  sha256: string;
  /** The tarball's size in bytes. */
  size: number;
  /** manifestDigest() of the package's plugin.json. */
  manifestDigest: string;
  /** When the registry accepted it (ISO-8601 UTC); decides whether an expired key may have signed it. */
  publishedAt: string;
  /** Reserved (trusted publishing): the CI build it came from. Absent: no provenance. */
  provenance?: BuildProvenance;
  /** Reserved (signed tool snapshots): `sha256:<hex>` of the canonical tool snapshot. */
  toolSnapshotDigest?: string;
}

/** The fields a caller provides: everything but the type. */
export type StatementFields = Omit<VersionStatement, "_type">;

/** A statement with its type set and unset optional fields left out. */
export function versionStatement(fields: StatementFields): VersionStatement {
  const { provenance, toolSnapshotDigest, ...rest } = fields;
  return {
    _type: STATEMENT_TYPE,
    ...rest,
    ...(provenance ? { provenance } : {}),
    ...(toolSnapshotDigest ? { toolSnapshotDigest } : {}),
  };
}

/** The exact bytes a registry signature covers and the log records as a leaf. */
export function signedStatement(statement: VersionStatement): Uint8Array {
  return new TextEncoder().encode(SIGNED_PREFIX + canonicalJson(statement));
}

/**
 * `sha256:<hex>` of the canonical JSON of plugin.json without `$schema` (an editor hint the registry does
 * not keep): the registry computes it from the validated manifest, the CLI from the tarball's file.
 */
export function manifestDigest(manifest: object): string {
  const { $schema: _schema, ...rest } = manifest as Record<string, unknown>;
  return `sha256:${createHash("sha256").update(canonicalJson(rest), "utf8").digest("hex")}`;
}

const REQUIRED_TEXT = [
  "name",
  "version",
  "publisher",
  "integrity",
  "sha256",
  "manifestDigest",
  "publishedAt",
];

/** Reads a received statement; undefined (with the reason) when it is not one this client understands. */
export function readStatement(value: unknown): { statement?: VersionStatement; problem?: string } {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { problem: "it is not an object" };
  const v = value as Record<string, unknown>;
  if (v._type !== STATEMENT_TYPE) return { problem: `its type is not ${STATEMENT_TYPE}` };
  for (const key of REQUIRED_TEXT) {
    if (typeof v[key] !== "string") return { problem: `it has no "${key}" text` };
  }
  if (typeof v.size !== "number" || !Number.isSafeInteger(v.size) || v.size < 0)
    return { problem: 'its "size" is not a whole number' };
  if (v.toolSnapshotDigest !== undefined && typeof v.toolSnapshotDigest !== "string")
    return { problem: 'its "toolSnapshotDigest" is not text' };
  if (v.provenance !== undefined) {
    const p = v.provenance;
    if (typeof p !== "object" || p === null || Array.isArray(p))
      return { problem: 'its "provenance" is not an object' };
    if (Object.values(p).some((x) => typeof x !== "string"))
      return { problem: 'its "provenance" holds more than text' };
  }
  return { statement: value as VersionStatement };
}
