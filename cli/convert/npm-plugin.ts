import type { ForeignIo } from "../../src/core/convert/foreign-io.js";
import type { ConnectoryError } from "../../src/core/errors.js";
import { localizedError, type Said } from "../terminal/language.js";
import { isObject } from "../../src/core/json-guards.js";
import type { PackageContents } from "../../src/package/contents.js";
import { foreignFiles } from "../../src/package/foreign-files.js";
import { computeIntegrity } from "../../src/package/integrity.js";
import { readTarballContents } from "../../src/package/read-tarball.js";

// A Claude Code marketplace entry whose source is `npm` (what every Connectory registry serves at
// /.claude-plugin/marketplace.json): the plugin's files, fetched as Claude Code fetches them (packument,
// then dist.tarball), checked against dist.integrity before anything is read.

const MAX_JSON = 5 * 1024 * 1024;

/** True when a marketplace entry's source is an npm package. */
export function isNpmSource(entry: Record<string, unknown>): boolean {
  return isObject(entry["source"]) && entry["source"]["source"] === "npm";
}

/** GET url → its bytes, at most `max`; a failure names the URL and what to do. */
async function get(fetchFn: typeof fetch, url: string, max: number): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetchFn(url, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw remote({ key: "convert.fetch-failed", params: { url, why: (error as Error).message } });
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw remote({ key: "convert.answered", params: { url, status: res.status } });
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > max) throw remote({ key: "convert.too-large", params: { url, max } });
  return bytes;
}

function remote(message: Said): ConnectoryError {
  return localizedError("convert.remote.failed", message, { key: "convert.remote-hint" });
}

/** The JSON at `url` (a marketplace.json or a packument). */
export async function fetchJson(fetchFn: typeof fetch, url: string): Promise<unknown> {
  const text = new TextDecoder().decode(await get(fetchFn, url, MAX_JSON));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw remote({ key: "convert.not-json", params: { url } });
  }
}

/** The package of an npm-source entry: the pinned version (else `latest`), integrity-checked. */
export async function npmPluginContents(
  entry: Record<string, unknown>,
  fetchFn: typeof fetch,
): Promise<PackageContents> {
  const source = entry["source"] as Record<string, unknown>;
  const name = typeof source["package"] === "string" ? source["package"] : undefined;
  if (!name) throw remote({ key: "convert.no-package", params: { name: String(entry["name"]) } });
  const registry = (
    typeof source["registry"] === "string" ? source["registry"] : "https://registry.npmjs.org/"
  ).replace(/\/?$/, "/");
  const packument = await fetchJson(fetchFn, `${registry}${name.replace("/", "%2f")}`);
  const tags = isObject(packument) && isObject(packument["dist-tags"]) ? packument["dist-tags"] : {};
  const version = typeof source["version"] === "string" ? source["version"] : tags["latest"];
  const versions = isObject(packument) && isObject(packument["versions"]) ? packument["versions"] : {};
  const found = typeof version === "string" ? versions[version] : undefined;
  const dist = isObject(found) && isObject(found["dist"]) ? found["dist"] : undefined;
  if (!dist || typeof dist["tarball"] !== "string" || typeof dist["integrity"] !== "string")
    throw remote({ key: "convert.no-version", params: { registry, version: String(version), name } });
  const bytes = await get(fetchFn, dist["tarball"], 10 * 1024 * 1024);
  if (computeIntegrity(bytes).integrity !== dist["integrity"])
    throw localizedError(
      "convert.remote.integrity",
      { key: "convert.integrity", params: { url: dist["tarball"] } },
      { key: "convert.integrity-hint" },
    );
  return readTarballContents(bytes);
}

/** The reader's port with URLs and npm sources (`convert`); without a fetch, files and folders only (`publish`). */
export function cliForeignIo(fetchFn?: typeof fetch): ForeignIo {
  const files = foreignFiles();
  if (!fetchFn) return files;
  return {
    ...files,
    fetchJson: (url) => fetchJson(fetchFn, url),
    npmPlugin: (entry) => (isNpmSource(entry) ? npmPluginContents(entry, fetchFn) : undefined),
  };
}
