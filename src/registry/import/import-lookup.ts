import type { ConnectorDocument, VersionDocument } from "../../core/api/documents.js";
import { isConnectoryError } from "../../core/errors.js";
import type { Registry } from "../registry.js";

// What the importer asks of the registry's read services: a stored document, or undefined when there is
// none (404). Another refusal (a name the registry would not accept) is `refused`.

type Found<T> = { found: T } | { missing: true } | { refused: true };

async function lookup<T>(read: () => Promise<T>): Promise<Found<T>> {
  try {
    return { found: await read() };
  } catch (error) {
    if (!isConnectoryError(error) || error.status >= 500) throw error;
    return error.status === 404 ? { missing: true } : { refused: true };
  }
}

/** The connector document stored under `name`, if any. */
export function storedConnector(registry: Registry, name: string): Promise<Found<ConnectorDocument>> {
  return lookup(() => registry.readConnector(name));
}

/** The version document of `name@version`, if stored. */
export async function storedVersion(
  registry: Registry,
  name: string,
  version: string,
): Promise<VersionDocument | undefined> {
  const found = await lookup(() => registry.readVersion(name, version));
  return "found" in found ? found.found : undefined;
}
