import type { ConnectorDocument } from "../../core/api/documents.js";
import { claudeMarketplace, installableVersion } from "../../core/host-catalogs/claude-marketplace.js";
import { npmPackument, type HostPackageDist } from "../../core/host-catalogs/npm-packument.js";
import type { RegistryDeps } from "../context.js";
import { downloadMark } from "../download-mark.js";
import { readConnector, readVersion } from "../reads.js";
import { ensureHostPackage, hostPackageBytes } from "./host-packages.js";
import { ConnectoryError } from "../../core/errors.js";

/**
 * `GET /.claude-plugin/marketplace.json`: every connector with an installable version, by name. Host
 * packages are built when npm first asks for a packument, not here: a seeded catalog has thousands.
 */
export async function marketplaceDocument(
  deps: RegistryDeps,
  name: string,
): Promise<Record<string, unknown>> {
  const connectors: ConnectorDocument[] = [];
  for (const connector of (await deps.repo.connectorNames()).sort()) {
    const doc = await readConnector(deps, connector);
    if (installableVersion(doc)) connectors.push(doc);
  }
  return claudeMarketplace({ name, publicUrl: deps.publicUrl, connectors });
}

/** `GET /npm/<name>`: the npm packument of a connector's host packages (every version not yanked). */
export async function packumentDocument(deps: RegistryDeps, name: string): Promise<Record<string, unknown>> {
  const doc = await readConnector(deps, name);
  const dists = new Map<string, HostPackageDist>();
  for (const [version, summary] of Object.entries(doc.versions)) {
    if (summary.yanked) continue;
    dists.set(version, await ensureHostPackage(deps, await readVersion(deps, name, version)));
  }
  return npmPackument(doc, deps.publicUrl, dists);
}

/**
 * `GET /npm/<name>/-/<name>-<version>.tgz`: the bytes of one version's host package. A native install is a
 * download like any other: counted once per client address, version and UTC day (download-mark.ts).
 */
export async function hostPackageTarball(
  deps: RegistryDeps,
  name: string,
  file: string,
  options: { count: boolean; client?: string },
) {
  const prefix = `${name}-`;
  const version = file.startsWith(prefix) && file.endsWith(".tgz") ? file.slice(prefix.length, -4) : "";
  if (version === "")
    throw new ConnectoryError("version.not-found", `${name} has no tarball ${file.slice(0, 80)}`, {
      status: 404,
      hint: `npm tarballs of ${name} are named ${name}-<version>.tgz (its packument lists them)`,
    });
  const doc = await readVersion(deps, name, version);
  if (doc.yanked) throw yankedPackage(name, doc.version);
  const found = await hostPackageBytes(deps, doc);
  if (options.count) {
    const mark = await downloadMark(deps, options.client ?? "unknown", name, doc.version);
    await deps.repo.countDownload(name, doc.version, mark);
  }
  return { version: doc.version, ...found };
}

function yankedPackage(name: string, version: string): ConnectoryError {
  return new ConnectoryError("version.yanked", `${name}@${version} is yanked`, {
    status: 404,
    hint: `install another version of ${name}: its packument lists those that are not yanked`,
  });
}
