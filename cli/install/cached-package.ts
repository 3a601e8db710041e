import { ConnectoryError } from "../../src/core/errors.js";
import type { ConnectorPackage } from "../../src/core/package/validate-package.js";
import type { PackageFiles, PluginManifest, ServerSet, TokenSchema } from "../../src/core/types.js";
import { readPackageDir } from "../../src/package/read-dir.js";
import { isObject } from "../../src/core/json-guards.js";
import { localizedError } from "../terminal/language.js";

/**
 * What the installer needs from a package: identity, servers and token schema. Read without ajv on
 * purpose: the registry validated the package when it was published, compiling the package schemas
 * costs more than the rest of an install, and a later, stricter validator must not make published
 * versions uninstallable. Credentials are still validated (ajv) against the token schema.
 */
export interface InstallablePackage {
  manifest: PluginManifest;
  servers: ServerSet;
  tokenSchema?: TokenSchema;
}

/** Reads the parts of a package an install needs; only a package that cannot be read at all is refused. */
export function loadPackage(files: PackageFiles, label: string): InstallablePackage {
  const manifest = jsonObject(files, "plugin.json", label, true);
  const mcp = jsonObject(files, "mcp.json", label, true);
  const schema = jsonObject(files, "token-schema.json", label, false);
  if (typeof manifest?.name !== "string" || typeof manifest.version !== "string") {
    throw unreadable(label, "plugin.json has no name or version");
  }
  const inner = mcp && "mcpServers" in mcp ? mcp.mcpServers : mcp;
  if (!isObject(inner)) throw unreadable(label, "mcp.json has no servers");
  const servers: ServerSet = {};
  for (const [name, spec] of Object.entries(inner)) {
    if (name === "$schema") continue;
    if (!isObject(spec)) throw unreadable(label, `server "${name}" in mcp.json is not an object`);
    // An MCPB launch (mcp.json 2) may leave `command` to its bundle: "" here, as the validator reads it.
    const launch = (s: Record<string, unknown>) =>
      s["type"] === undefined || s["type"] === "stdio" ? { command: "", ...s } : s;
    const alternatives = Array.isArray(spec["alternatives"])
      ? { alternatives: spec["alternatives"].filter(isObject).map(launch) }
      : {};
    servers[name] = { ...launch(spec), ...alternatives } as unknown as ServerSet[string];
  }
  if (schema && !isObject(schema.properties)) throw unreadable(label, "token-schema.json has no properties");
  return {
    manifest: manifest as unknown as PluginManifest,
    servers,
    ...(schema ? { tokenSchema: schema as unknown as TokenSchema } : {}),
  };
}

/** Reads an unpacked version folder from plugins/cache for `update`'s before-and-after. */
export async function readCachedPackage(dir: string, label: string): Promise<InstallablePackage> {
  return loadPackage(await readCacheFiles(dir, label), label);
}

/** Reads and fully validates a cached package (skills, readme…) for `info` when the registry is down. */
export async function readCachedPackageFull(dir: string, label: string): Promise<ConnectorPackage> {
  // Loaded only here: the package validator compiles ajv schemas, which installs do not need.
  const { validatePackage } = await import("../../src/core/package/validate-package.js");
  const report = validatePackage(await readCacheFiles(dir, label));
  if (!report.package) throw unreadable(label, report.problems[0]?.message ?? "it does not validate");
  return report.package;
}

async function readCacheFiles(dir: string, label: string): Promise<PackageFiles> {
  try {
    return await readPackageDir(dir);
  } catch (error) {
    throw localizedError(
      "install.cache.unreadable",
      { key: "cache.unreadable", params: { label } },
      { key: "cache.unreadable-hint", params: { name: label.split("@")[0]!, dir } },
      { cause: error },
    );
  }
}

function jsonObject(
  files: PackageFiles,
  file: string,
  label: string,
  required: boolean,
): Record<string, unknown> | undefined {
  const bytes = files.get(file);
  if (bytes === undefined) {
    if (required) throw unreadable(label, `${file} is missing`);
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw unreadable(label, `${file} is not JSON`);
  }
  if (!isObject(value)) throw unreadable(label, `${file} is not a JSON object`);
  return value;
}

function unreadable(label: string, why: string): ConnectoryError {
  return localizedError(
    "install.package.invalid",
    { key: "package.unreadable", params: { label, why } },
    { key: "package.unreadable-hint" },
  );
}
