import { MAX_README_BYTES } from "../../core/package/display-limits.js";
import { ConnectoryError } from "../../core/errors.js";
import type { RegistryDeps } from "../context.js";
import type { VersionContent } from "../../core/api/documents.js";
import { notFound } from "../manage.js";
import { checkName } from "../names.js";
import type { ReadmeRenderer } from "./readme-renderer.js";

/**
 * The HTML a version stores for its README: "" for none, the rendered markdown, or, for a README
 * published before the size cap and larger than it, a note (parsing it would cost seconds of a core).
 */
export async function readmeHtml(renderer: ReadmeRenderer, markdown: string | undefined): Promise<string> {
  if (markdown === undefined || markdown === "") return "";
  const bytes = Buffer.byteLength(markdown);
  if (bytes > MAX_README_BYTES) {
    return `<p class="readme-too-large">This README is ${bytes} bytes, more than the ${MAX_README_BYTES / 1024} KiB a page shows; read it in the package (connectory pack, or the tarball).</p>`;
  }
  return (await renderer.render(markdown)).html;
}

/** Renders in progress, per registry, so concurrent first views of one page render it once. */
const inFlightByRegistry = new WeakMap<RegistryDeps, Map<string, Promise<string>>>();

/**
 * The README HTML of an exact version for its page. Rendered at publish; a version stored before that
 * (null) is rendered once, in the worker, stored, and shared by the views waiting for it.
 */
export async function versionReadme(deps: RegistryDeps, name: string, version: string): Promise<string> {
  const stored = await deps.repo.readmeHtml(checkName(name), version);
  if (stored === undefined) {
    throw new ConnectoryError("version.not-found", `${name} has no version ${version}`, { status: 404 });
  }
  if (stored !== null) return stored;
  const key = `${name}@${version}`;
  let inFlight = inFlightByRegistry.get(deps);
  if (!inFlight) inFlightByRegistry.set(deps, (inFlight = new Map()));
  const pending0 = inFlight.get(key);
  if (pending0) return pending0;
  const map = inFlight;
  const pending = renderStored(deps, name, version).finally(() => map.delete(key));
  map.set(key, pending);
  return pending;
}

async function renderStored(deps: RegistryDeps, name: string, version: string): Promise<string> {
  const found = await deps.repo.versionDocument(name, version);
  if (!found) throw notFound(name);
  const content = JSON.parse(found.body) as Pick<VersionContent, "readme">;
  const html = await readmeHtml(deps.readme, content.readme);
  await deps.repo.storeReadmeHtml(name, version, html);
  return html;
}
