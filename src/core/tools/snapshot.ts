import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical.js";

// A tool snapshot: what a version's servers said about themselves when the registry ran them once after
// publish (bundled stdio servers, in the sandbox): `initialize` (server info, instructions) and the
// complete tools/list, prompts/list and resources/list. Its digest is signed with the version, so a
// client can pin the tools it approves against what the registry saw, not against its own first run.

/** What one server answered. Lists are kept exactly as the server sent their items. */
export interface ServerSnapshot {
  serverInfo: { name: string; version: string; title?: string } | null;
  protocolVersion?: string;
  instructions?: string;
  tools: unknown[];
  prompts: unknown[];
  resources: unknown[];
}

/** `toolSnapshot` of a version document. */
export interface ToolSnapshot {
  recordedAt: string;
  kind: "bundled" | "remote";
  /** By server key of the version's mcp.json. */
  servers: Record<string, ServerSnapshot>;
  /** snapshotDigest() of the above: what the signed statement's `toolSnapshotDigest` names. */
  digest: string;
}

/** A snapshot larger than this (canonical JSON) is not kept: a server listing that much is not pinned. */
export const MAX_SNAPSHOT_BYTES = 2 * 1024 * 1024;

/** `sha256:<hex>` of the canonical JSON of the servers' answers (not of when they were recorded). */
export function snapshotDigest(snapshot: Pick<ToolSnapshot, "kind" | "servers">): string {
  const text = canonicalJson({ kind: snapshot.kind, servers: snapshot.servers });
  return `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}`;
}

/** A snapshot with its digest, or undefined when it is too large to keep. */
export function makeSnapshot(
  kind: ToolSnapshot["kind"],
  servers: Record<string, ServerSnapshot>,
  recordedAt: string,
): ToolSnapshot | undefined {
  if (canonicalJson(servers).length > MAX_SNAPSHOT_BYTES) return undefined;
  return { recordedAt, kind, servers, digest: snapshotDigest({ kind, servers }) };
}
