import type { LockedConnector } from "../../src/core/project/lock.js";
import type { AcceptedPermissions } from "../../src/core/sandbox/permissions.js";
import type { TokenSchema } from "../../src/core/types.js";
import type { FetchedVersion } from "../install/fetch-version.js";

/**
 * The lock entry of a verified version: exact version, integrity, the registry's signature and signed
 * tool-snapshot digest, the accepted permissions, and its credential keys — never a value.
 */
export function lockEntry(
  fetched: FetchedVersion,
  where: { marketplace: string; url: string; range: string },
  permissions: AcceptedPermissions,
): LockedConnector {
  const signature = fetched.release.signatures[0];
  const snapshot = fetched.release.statement.toolSnapshotDigest;
  return {
    marketplace: where.marketplace,
    url: where.url,
    range: where.range,
    version: fetched.version,
    integrity: fetched.integrity,
    ...(signature ? { signature: { keyid: signature.keyid, sig: signature.sig } } : {}),
    ...(snapshot !== undefined ? { toolSnapshotDigest: snapshot } : {}),
    permissions,
    credentials: credentialKeys(fetched.pkg.tokenSchema),
    servers: Object.keys(fetched.pkg.servers),
  };
}

/** Required keys (those without a default: a default fills the others) and optional ones. */
export function credentialKeys(schema: TokenSchema | undefined): LockedConnector["credentials"] {
  const properties = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  const keys = Object.keys(properties).sort();
  return {
    required: keys.filter((k) => required.has(k) && properties[k]?.default === undefined),
    optional: keys.filter((k) => !required.has(k) || properties[k]?.default !== undefined),
  };
}
