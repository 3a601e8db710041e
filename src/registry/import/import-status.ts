import { isConnectoryError } from "../../core/errors.js";
import type { Registry } from "../registry.js";
import type { Publisher } from "../tokens.js";
import { storedVersion } from "./import-lookup.js";
import type { UpstreamStatus } from "./import-sources.js";

// An entry deleted or deprecated upstream (the official API's `_meta` status): a re-import yanks or
// deprecates the version here, as the publisher the import acts for; one active again upstream is unyanked
// and undeprecated. Registry services, in-process.

const MAX_MESSAGE = 1000;

/** The deprecation message: upstream's, on one line and within the registry's limit, else a default. */
export function deprecationMessage(upstream: UpstreamStatus, upstreamName: string): string {
  // eslint-disable-next-line no-control-regex
  const text = (upstream.message ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return (text === "" ? `deprecated upstream (${upstreamName})` : text).slice(0, MAX_MESSAGE);
}

/**
 * Applies an upstream deletion or deprecation to a stored version. Returns the outcome's status when the
 * version is stored here ("yanked", "deprecated", or "unchanged" when it already is), undefined when it
 * is not (the caller then skips a deleted entry, or imports a deprecated one and calls this again).
 */
export async function applyUpstreamStatus(
  registry: Registry,
  actor: () => Promise<Publisher>,
  target: { name: string; version: string; upstreamName: string },
  upstream: UpstreamStatus,
): Promise<"yanked" | "deprecated" | "unchanged" | undefined> {
  const { name, version } = target;
  const doc = await storedVersion(registry, name, version);
  if (!doc) return undefined;
  const publisher = await actor();
  try {
    if (upstream.status === "deleted") {
      if (doc.yanked) return "unchanged";
      await registry.yank({ name, version, publisher });
      return "yanked";
    }
    const message = deprecationMessage(upstream, target.upstreamName);
    if (doc.deprecated === message) return "unchanged";
    await registry.deprecate({ name, version, publisher, body: { message } });
    return "deprecated";
  } catch (error) {
    // Another publisher's connector at this name: the entry is not ours to change.
    if (isConnectoryError(error) && error.code === "connector.forbidden") return undefined;
    throw error;
  }
}

/**
 * Undoes a yank or a deprecation of a stored version whose upstream says it is active again (an unyank or
 * a cleared deprecation upstream). Returns "restored" when it changed something, undefined otherwise: not
 * stored, already active, another publisher's, or confirmed malicious here (an operator's yank stays).
 */
export async function restoreUpstreamStatus(
  registry: Registry,
  actor: () => Promise<Publisher>,
  target: { name: string; version: string },
): Promise<"restored" | undefined> {
  const { name, version } = target;
  const doc = await storedVersion(registry, name, version);
  if (!doc || doc.malicious !== undefined || (!doc.yanked && doc.deprecated === undefined)) return undefined;
  const publisher = await actor();
  try {
    if (doc.yanked) await registry.unyank({ name, version, publisher });
    if (doc.deprecated !== undefined)
      await registry.deprecate({ name, version, publisher, body: { message: "" } });
    return "restored";
  } catch (error) {
    if (isConnectoryError(error) && error.code === "connector.forbidden") return undefined;
    throw error;
  }
}
