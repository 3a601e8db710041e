import { isObject } from "../../src/core/json-guards.js";
import { snapshotDigest, type ToolSnapshot } from "../../src/core/tools/snapshot.js";
import type { RegistryClient } from "../registry/registry-client.js";
import { signatureError } from "./signature-error.js";
import type { SignedRelease } from "./verify-statement.js";

/**
 * The tool snapshot the registry signed with a version (its statement's `toolSnapshotDigest`), fetched
 * from the version document and checked against the digest; undefined when the statement signs none (a
 * version not run yet, or with no bundled or remote server to run). A snapshot that is missing, malformed
 * or differs from the signed digest is `install.signature.mismatch`: a mirror must not be able to swap
 * the tools `inspect`/`run` pin against, nor withhold them to fall back to trust on first use.
 */
export async function fetchSignedSnapshot(
  client: RegistryClient,
  release: SignedRelease,
  label: string,
): Promise<ToolSnapshot | undefined> {
  const digest = release.statement.toolSnapshotDigest;
  if (digest === undefined) return undefined;
  const doc = await client.version(release.statement.name, release.statement.version);
  return checkSnapshot(doc.toolSnapshot, digest, label);
}

/** A snapshot whose digest is the signed one (offline: `run`, `inspect` re-check the stored copy). */
export function checkSnapshot(value: unknown, digest: string, label: string): ToolSnapshot {
  if (value === undefined)
    throw signatureError(
      "mismatch",
      label,
      "the registry signed a tool snapshot of this version but did not send it",
    );
  if (!isSnapshot(value))
    throw signatureError("mismatch", label, "its tool snapshot is not a list of servers and tools");
  const actual = snapshotDigest(value);
  if (actual !== digest)
    throw signatureError(
      "mismatch",
      label,
      `the registry signed tool snapshot ${digest.slice(0, 20)}…, but the one sent is ${actual.slice(0, 20)}…`,
    );
  return { recordedAt: value.recordedAt, kind: value.kind, servers: value.servers, digest };
}

function isSnapshot(value: unknown): value is ToolSnapshot {
  if (!isObject(value) || !isObject(value.servers)) return false;
  if (value.kind !== "bundled" && value.kind !== "remote") return false;
  if (typeof value.recordedAt !== "string") return false;
  return Object.values(value.servers).every(
    (s) =>
      isObject(s) &&
      Array.isArray(s.tools) &&
      s.tools.every((t) => isObject(t) && typeof t.name === "string"),
  );
}
