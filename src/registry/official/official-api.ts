import { ConnectoryError } from "../../core/errors.js";
import { checkNamespace, DEFAULT_NAMESPACE } from "../../core/official/names.js";
import type { VersionSource } from "../../core/official/server-json.js";
import type { ServerList } from "../../core/official/types.js";
import type { Prepared } from "../../core/api/prepared.js";
import type { Registry } from "../registry.js";
import { bundleBytes, ensureBundles } from "./bundles.js";
import type { OfficialContext } from "./entries.js";
import type { ServerListParams } from "./list-params.js";
import { listServersPrepared, serverVersion, serverVersions, versionServerJson } from "./servers.js";

/** The official registry API's services, bound to a registry and its namespace: what the routes call. */
export interface OfficialApi {
  namespace: string;
  /** A listing page, prepared (bytes + ETag) and kept while the database stays the same. */
  list(params: ServerListParams): Promise<Prepared>;
  versions(name: string, includeDeleted: boolean): Promise<ServerList>;
  /** One entry, prepared (bytes + ETag): the hot read. */
  version(name: string, version: string, includeDeleted: boolean): Promise<Prepared>;
  /** GET /v1/connectors/:name/:version/server.json */
  serverJson(name: string, ref: string): Promise<ServerList>;
  /** GET /v1/connectors/:name/:version/bundles/:server.mcpb */
  bundle(
    name: string,
    ref: string,
    server: string,
  ): Promise<{ bytes: Uint8Array; sha256: string; size: number; version: string }>;
  /** Builds the bundles of a version now (after publish), so the first reader does not wait. */
  buildBundles(name: string, version: string): Promise<void>;
  /** The include_deleted flag of the single-server routes (422 when it is not a boolean). */
  includeDeleted(text: string | undefined): boolean;
}

/** Wires the official API to a registry; the namespace is checked now (a bad one stops start-up). */
export function createOfficialApi(registry: Registry, namespace = DEFAULT_NAMESPACE): OfficialApi {
  const ctx: OfficialContext = { deps: registry.deps, namespace: checkNamespace(namespace) };
  const ready = registry.ready;
  const source = async (name: string, ref: string) =>
    registry.readVersion(name, ref) as Promise<unknown> as Promise<VersionSource>;
  return {
    namespace: ctx.namespace,
    list: async (params) => (await ready(), listServersPrepared(ctx, params)),
    versions: async (name, deleted) => (await ready(), serverVersions(ctx, name, deleted)),
    version: async (name, version, deleted) => (await ready(), serverVersion(ctx, name, version, deleted)),
    serverJson: async (name, ref) => (await ready(), versionServerJson(ctx, name, ref)),
    bundle: async (name, ref, server) => {
      const version = await source(name, ref);
      return { ...(await bundleBytes(ctx.deps, name, version, server)), version: version.version };
    },
    buildBundles: async (name, version) => {
      await ensureBundles(ctx.deps, name, await source(name, version));
    },
    includeDeleted: (text) => {
      if (text === undefined || text === "" || text === "false" || text === "0") return false;
      if (text === "true" || text === "1") return true;
      throw new ConnectoryError("official.include_deleted.invalid", "include_deleted must be true or false", {
        status: 422,
      });
    },
  };
}
