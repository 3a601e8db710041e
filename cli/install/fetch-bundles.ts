import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { launchesOf } from "../../src/core/launch/launches.js";
import { isRemote, type ServerSet } from "../../src/core/types.js";
import { readZip } from "../../src/package/read-zip.js";
import { writePackageTree } from "../../src/package/unpack.js";
import { bundleDir } from "../home/home.js";
import { localizedError } from "../terminal/language.js";

// The MCPB launches of a package (mcp.json 2, `package.registryType: "mcpb"`): each bundle is downloaded
// once, refused unless its sha256 is the launch's `fileSha256`, and unpacked into plugins/bundles/<sha256>/,
// content-addressed, so two connectors or versions naming the same bytes share one folder.

/** A bundle larger than this is refused before it is read. */
export const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;

export interface BundleOutcome {
  server: string;
  url: string;
  sha256: string;
  status: "unpacked" | "present" | "failed";
  message?: string;
}

/**
 * Fetches and unpacks every MCPB bundle the servers name. A bundle that fails is fatal when it is a server's
 * only launch; otherwise it is reported (the machine then runs another launch).
 */
export async function fetchBundles(
  home: string,
  servers: ServerSet,
  fetchFn: typeof fetch,
): Promise<BundleOutcome[]> {
  const out: BundleOutcome[] = [];
  for (const [server, spec] of Object.entries(servers)) {
    const launches = launchesOf(spec);
    for (const launch of launches) {
      if (isRemote(launch) || launch.package?.registryType !== "mcpb") continue;
      const { identifier: url, fileSha256: sha256 } = launch.package;
      if (sha256 === undefined) continue;
      const dir = bundleDir(home, sha256);
      if (fs.existsSync(path.join(dir, "manifest.json"))) {
        out.push({ server, url, sha256, status: "present" });
        continue;
      }
      try {
        await fetchBundle(url, sha256, dir, fetchFn);
        out.push({ server, url, sha256, status: "unpacked" });
      } catch (error) {
        if (launches.length === 1) throw error;
        out.push({ server, url, sha256, status: "failed", message: (error as Error).message });
      }
    }
  }
  return out;
}

/** Downloads one bundle, checks its sha256 and unpacks it; nothing is written unless all of that holds. */
export async function fetchBundle(
  url: string,
  sha256: string,
  dir: string,
  fetchFn: typeof fetch,
): Promise<void> {
  if (!url.startsWith("https://"))
    throw localizedError(
      "install.bundle.download",
      { key: "bundle.not-https", params: { url } },
      { key: "bundle.not-https-hint" },
    );
  let bytes: Uint8Array;
  try {
    const response = await fetchFn(url, { redirect: "follow" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > MAX_BUNDLE_BYTES) throw new Error(`it is ${declared} bytes, over ${MAX_BUNDLE_BYTES}`);
    bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_BUNDLE_BYTES) throw new Error(`it is over ${MAX_BUNDLE_BYTES} bytes`);
  } catch (error) {
    throw localizedError(
      "install.bundle.download",
      { key: "bundle.download", params: { url, why: (error as Error).message } },
      { key: "bundle.download-hint" },
      { cause: error },
    );
  }
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (actual !== sha256)
    throw localizedError(
      "install.bundle.integrity",
      { key: "bundle.integrity", params: { url, actual, sha256 } },
      { key: "bundle.integrity-hint" },
    );
  const contents = readZip(bytes);
  if (!contents.files.has("manifest.json"))
    throw localizedError(
      "install.bundle.invalid",
      { key: "bundle.no-manifest", params: { url } },
      { key: "bundle.no-manifest-hint" },
    );
  try {
    await writePackageTree(contents, dir);
  } catch (error) {
    // Another install unpacked the same bytes meanwhile: the folder is complete (it was renamed into place).
    if (fs.existsSync(path.join(dir, "manifest.json"))) return;
    throw error;
  }
}
