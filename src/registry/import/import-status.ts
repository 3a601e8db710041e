import type { Hono } from "hono";
import { isConnectoryError } from "../../core/errors.js";
import type { Registry } from "../registry.js";
import type { UpstreamStatus } from "./import-sources.js";

// An entry deleted or deprecated upstream (the official API's `_meta` status): a re-import yanks or
// deprecates the version here, as the publisher the import acts for. Registry services, in-process.

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
  app: Hono & { registry: Registry },
  authorization: () => Promise<string>,
  target: { name: string; version: string; upstreamName: string },
  upstream: UpstreamStatus,
): Promise<"yanked" | "deprecated" | "unchanged" | undefined> {
  const { name, version } = target;
  const res = await app.request(
    `http://import.internal/v1/connectors/${encodeURIComponent(name)}/${encodeURIComponent(version)}`,
  );
  if (res.status !== 200) return undefined;
  const doc = (await res.json()) as { yanked?: boolean; deprecated?: string };
  const publisher = await app.registry.authenticate(await authorization());
  try {
    if (upstream.status === "deleted") {
      if (doc.yanked) return "unchanged";
      await app.registry.yank({ name, version, publisher });
      return "yanked";
    }
    const message = deprecationMessage(upstream, target.upstreamName);
    if (doc.deprecated === message) return "unchanged";
    await app.registry.deprecate({ name, version, publisher, body: { message } });
    return "deprecated";
  } catch (error) {
    // Another publisher's connector at this name: the entry is not ours to change.
    if (isConnectoryError(error) && error.code === "connector.forbidden") return undefined;
    throw error;
  }
}
