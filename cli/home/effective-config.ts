import fs from "node:fs";
import path from "node:path";
import { isConnectoryError } from "../../src/core/errors.js";
import { mergeServers, type ConnectorInput, type MergeResult } from "../../src/core/merge.js";
import { readServerSetFast } from "../../src/core/merge/fast-server-set.js";
import type { Permissions } from "../../src/core/sandbox/permissions.js";
import type { TokenSchema } from "../../src/core/types.js";
import { readCredentials } from "../credentials/credentials-store.js";
import { cacheDir, connectorKey, homePaths } from "./home.js";
import { readInstalled, type InstalledEntry } from "./installed-store.js";
import { readManualServers } from "./manual-servers.js";
import { readTrust } from "./trust-store.js";
import { readSandboxFile } from "./sandbox-store.js";
import { machineServers } from "../mcp/local-machine.js";

/** An installed connector whose cached package could not be read: it provides no servers. */
export interface BrokenConnector {
  key: string;
  entry: InstalledEntry;
  message: string;
}

export interface EffectiveConfig extends MergeResult {
  /** Installed connectors, by key, with their cached package (for `list`, `credentials …`). */
  connectors: Array<{ key: string; entry: InstalledEntry; input: ConnectorInput }>;
  broken: BrokenConnector[];
}

/**
 * The effective server set from local files only (works offline): installed.json, each connector's
 * cached mcp.json and token-schema.json, credentials.json, the hand-written mcp.json and trust.json,
 * merged by src/core/merge.ts. A malformed hand-written mcp.json throws (with line/column); a connector
 * whose cache is missing or unreadable is listed in `broken` instead of failing the whole command.
 */
export async function loadEffectiveConfig(home: string): Promise<EffectiveConfig> {
  const [installed, credentials, manual, trust, sandbox] = await Promise.all([
    readInstalled(home),
    readCredentials(home),
    readManualServers(home),
    readTrust(home),
    readSandboxFile(home),
  ]);
  const connectors: EffectiveConfig["connectors"] = [];
  const broken: BrokenConnector[] = [];
  await Promise.all(
    Object.entries(installed).map(async ([key, entry]) => {
      try {
        const cached = await readCachedServers(home, entry);
        const input: ConnectorInput = {
          ...cached,
          name: entry.name,
          marketplace: entry.marketplace,
          version: entry.version,
          enabled: entry.enabled,
          // Decides who keeps a contested server name; a hand-edited entry may lack it.
          ...(typeof entry.installedAt === "string" ? { installedAt: entry.installedAt } : {}),
          ...(entry.permissions !== undefined ? { acceptedPermissions: entry.permissions } : {}),
          credentials: credentials.connectors[connectorKey(entry.name, entry.marketplace)] ?? {},
        };
        connectors.push({ key, entry, input });
      } catch (error) {
        broken.push({ key, entry, message: isConnectoryError(error) ? error.message : String(error) });
      }
    }),
  );
  connectors.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  broken.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const result = mergeServers({
    manual: Object.entries(manual.servers).map(([name, spec]) => {
      const trusted = Object.hasOwn(trust.servers, name) ? trust.servers[name] : undefined;
      const stored = Object.hasOwn(credentials.servers, name) ? credentials.servers[name] : undefined;
      return {
        name,
        spec,
        ...(trusted ? { trust: trusted } : {}),
        ...(stored ? { credentials: stored } : {}),
        ...(Object.hasOwn(manual.permissions, name) ? { permissions: manual.permissions[name] } : {}),
      };
    }),
    manualFile: homePaths(home).mcpJson,
    connectors: connectors.map((c) => c.input),
    sandboxAll: sandbox.all === true,
  });
  return { ...result, connectors, broken };
}

/** Reads one installed version's mcp.json and token-schema.json from the cache. */
export async function readCachedServers(
  home: string,
  entry: Pick<InstalledEntry, "name" | "marketplace" | "version" | "prefer">,
): Promise<Pick<ConnectorInput, "servers" | "tokenSchema" | "pluginRoot" | "file" | "permissions">> {
  return readVersionFolder(home, cacheDir(home, entry.marketplace, entry.name, entry.version), entry.prefer);
}

/** Reads one version folder's mcp.json (this machine's launches), token-schema.json and permissions. */
export async function readVersionFolder(
  home: string,
  root: string,
  prefer?: InstalledEntry["prefer"],
): Promise<Pick<ConnectorInput, "servers" | "tokenSchema" | "pluginRoot" | "file" | "permissions">> {
  const file = path.join(root, "mcp.json");
  // Synchronous reads on purpose: 2 small files × hundreds of connectors cost far less this way than
  // as promise reads (each an open, fstat, read and close round trip), and `config` must stay quick.
  const json: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  // Validated when installed: the fast reader accepts it; anything odd gets the full validator's verdict.
  const read =
    readServerSetFast(json, { templates: true }) ??
    (await import("../../src/core/package/mcp-config.js")).parseServerSet(json, file);
  // mcp.json 2: each server's launch is the one this machine runs (`install --prefer` first).
  const servers = machineServers(home, read, prefer);
  let tokenSchema: TokenSchema | undefined;
  const schemaFile = path.join(root, "token-schema.json");
  if (fs.existsSync(schemaFile)) tokenSchema = JSON.parse(fs.readFileSync(schemaFile, "utf8")) as TokenSchema;
  const permissions = readPermissions(root);
  return {
    servers,
    pluginRoot: root,
    file,
    ...(tokenSchema ? { tokenSchema } : {}),
    ...(permissions ? { permissions } : {}),
  };
}

/** plugin.json `permissions` of an installed version (validated when installed), if it declares any. */
function readPermissions(root: string): Permissions | undefined {
  const file = path.join(root, "plugin.json");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (!text.includes('"permissions"')) return undefined;
  const value = (JSON.parse(text) as { permissions?: unknown }).permissions;
  return typeof value === "object" && value !== null ? (value as Permissions) : undefined;
}
