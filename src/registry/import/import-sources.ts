import fs from "node:fs/promises";
import path from "node:path";
import { fromDockerServer } from "../../core/convert/from-docker.js";
import { entrySource, fromMarketplace } from "../../core/convert/from-marketplace.js";
import { fromServerJson } from "../../core/convert/from-server-json.js";
import { serverJsonProblem } from "../../core/official/validate-server-json.js";
import { refuse, type Conversion } from "../../core/convert/types.js";
import { ConnectoryError } from "../../core/errors.js";
import type { PackageFiles } from "../../core/types.js";
import { dockerTools } from "../../core/convert/read-input.js";
import { marketplaceRoot, pluginFolder } from "../../core/convert/read-marketplace-entry.js";
import { foreignFiles } from "../../package/foreign-files.js";
import { parseForeignJson } from "../../core/json-depth.js";
import { isObject } from "../../core/json-guards.js";

/** One upstream entry and what converting it gave. */
export interface ImportEntry {
  entry: string;
  conversion: Conversion;
  /**
   * What the source says of the entry's state, when it says anything but active (the official API's
   * `_meta` status, or an older server.json's `status`): a re-import yanks or deprecates it here.
   */
  upstreamStatus?: UpstreamStatus;
  /** The source says the entry is active (a /v0.1 item's `_meta` status): a yank or deprecation here is undone. */
  upstreamActive?: true;
  /**
   * A server.json entry's document as received (the `server` of a /v0.1 item), as JSON text, when it is
   * valid by the official schema: stored verbatim beside the connector and served back unchanged.
   */
  serverJson?: string;
}

/** An upstream entry deleted or deprecated at its source. */
export interface UpstreamStatus {
  status: "deleted" | "deprecated";
  message?: string;
}

/** The official registry's own `_meta` key (as src/core/official/types.ts names it). */
const OFFICIAL_META = "io.modelcontextprotocol.registry/official";

/** Whether an item of a /v0.1 page says, in the official `_meta`, that its entry is active. */
export function upstreamActive(item: unknown): boolean {
  const meta = isObject(item) && isObject(item["_meta"]) ? item["_meta"][OFFICIAL_META] : undefined;
  return isObject(meta) && meta["status"] === "active";
}

/** The deleted or deprecated state an item of a server.json list or /v0.1 page declares, if any. */
export function upstreamStatus(item: unknown, server: unknown): UpstreamStatus | undefined {
  const meta = isObject(item) && isObject(item["_meta"]) ? item["_meta"][OFFICIAL_META] : undefined;
  const from = isObject(meta) && typeof meta["status"] === "string" ? meta : isObject(server) ? server : {};
  const status = from["status"];
  if (status !== "deleted" && status !== "deprecated") return undefined;
  const message = from["statusMessage"] ?? from["status_message"];
  return { status, ...(typeof message === "string" && message.trim() !== "" ? { message } : {}) };
}

const MAX_FILE = 64 * 1024 * 1024;
const MAX_PAGES = 1000;
type Json = Record<string, unknown>;

/**
 * The entries of an import source: a server.json file (one entry, a list, or saved /v0.1/servers pages), a
 * Claude Code marketplace.json (its plugins' folders read from the checkout), a folder of Docker server.yaml
 * files (servers/<name>/server.yaml or <name>/server.yaml), a Claude marketplace checkout, or the base URL of
 * an official-API registry (paged with cursors).
 */
export async function importEntries(
  source: string,
  options: { fetch: typeof fetch; cwd: string; since?: string },
): Promise<ImportEntry[]> {
  if (/^https?:\/\//.test(source)) return fromRegistryUrl(source, options.fetch, options.since);
  if (options.since !== undefined)
    throw new ConnectoryError("import.since.unsupported", "--since works only with a registry's base URL", {
      hint: "give the base URL of a registry that speaks the official API, or leave --since out",
    });
  const target = path.resolve(options.cwd, source);
  const stat = await fs.stat(target).catch(() => undefined);
  if (!stat)
    throw new ConnectoryError("import.source.missing", `${source} does not exist`, {
      hint: "Give a file, a folder or an http(s) URL.",
    });
  if (stat.isDirectory()) {
    const marketplace = path.join(target, ".claude-plugin/marketplace.json");
    if (await exists(marketplace)) return fromMarketplaceFile(marketplace);
    return fromDockerFolder(target);
  }
  if (/\.ya?ml$/i.test(target))
    return [await dockerEntry(path.dirname(target), path.basename(path.dirname(target)))];
  const parsed = await readJson(target, source);
  if (isObject(parsed) && Array.isArray(parsed["plugins"])) return fromMarketplaceFile(target, parsed);
  return serverJsonEntries(parsed);
}

/** The entries of a parsed server.json source: one entry, a list of entries or items, or saved /v0.1 pages. */
export function serverJsonEntries(parsed: unknown, origin = "server.json"): ImportEntry[] {
  const pages =
    Array.isArray(parsed) && parsed.every((p) => isObject(p) && Array.isArray(p["servers"]))
      ? parsed
      : [parsed];
  const items = pages.flatMap((page) =>
    isObject(page) && Array.isArray(page["servers"]) ? page["servers"] : Array.isArray(page) ? page : [page],
  );
  return items.map((item, i) => {
    const server = isObject(item) && isObject(item["server"]) ? item["server"] : item;
    const entry = isObject(server) && typeof server["name"] === "string" ? server["name"] : `#${i}`;
    const status = upstreamStatus(item, server);
    // A valid server.json is kept verbatim: listed even when Connectory can run nothing of it.
    const valid = serverJsonProblem(server) === undefined;
    return {
      entry,
      conversion: fromServerJson(item, { origin, listing: valid }),
      ...(status ? { upstreamStatus: status } : {}),
      ...(!status && upstreamActive(item) ? { upstreamActive: true as const } : {}),
      ...(valid ? { serverJson: JSON.stringify(server) } : {}),
    };
  });
}

async function fromMarketplaceFile(file: string, parsed?: unknown): Promise<ImportEntry[]> {
  const json = parsed ?? (await readJson(file, file));
  const root = marketplaceRoot(file);
  const io = foreignFiles();
  // The converter is pure: the folders it will ask for are read first, and only inside the checkout.
  const folders = new Map<string, PackageFiles>();
  if (isObject(json) && Array.isArray(json["plugins"])) {
    for (const entry of json["plugins"]) {
      if (!isObject(entry)) continue;
      const source = entrySource(entry, json);
      if (!("folder" in source)) continue;
      // Really inside the checkout (no link on the way out of it), as `convert` reads it: else missing.
      const read = await pluginFolder(io, root, source.folder, String(entry["name"])).catch(() => undefined);
      if (read) folders.set(source.folder, read.files);
    }
  }
  const outcomes = fromMarketplace(json, (folder) => folders.get(folder), { origin: path.basename(file) });
  if (!Array.isArray(outcomes)) return [{ entry: path.basename(file), conversion: outcomes }];
  return outcomes;
}

async function fromDockerFolder(dir: string): Promise<ImportEntry[]> {
  const base = (await exists(path.join(dir, "servers"))) ? path.join(dir, "servers") : dir;
  const names = (await fs.readdir(base, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const entries: ImportEntry[] = [];
  for (const name of names)
    if (await exists(path.join(base, name, "server.yaml")))
      entries.push(await dockerEntry(path.join(base, name), name));
  if (entries.length === 0)
    throw new ConnectoryError(
      "import.source.empty",
      `${dir} holds no server.yaml, servers/*/server.yaml or .claude-plugin/marketplace.json`,
    );
  return entries;
}

async function dockerEntry(dir: string, name: string): Promise<ImportEntry> {
  const yaml = await fs.readFile(path.join(dir, "server.yaml"), "utf8");
  let tools: unknown;
  try {
    tools = await dockerTools(foreignFiles(), dir);
  } catch {
    return {
      entry: name,
      conversion: refuse("convert.refused.not-json", `${name}/tools.json is not valid JSON`, [], name),
    };
  }
  return { entry: name, conversion: fromDockerServer(yaml, tools, { origin: `${name}/server.yaml` }) };
}

async function fromRegistryUrl(base: string, fetcher: typeof fetch, since?: string): Promise<ImportEntry[]> {
  const root = registryRoot(base);
  const { items } = await registryItems(root, fetcher, since);
  return serverJsonEntries(items, `${root}/v0.1/servers`);
}

/** A registry's base URL without a trailing slash or a /v0(.1)/servers path. */
export function registryRoot(base: string): string {
  return base.replace(/\/+$/, "").replace(/\/v0(\.1)?\/servers$/, "");
}

/**
 * Every item (`{ server, _meta }`) of an official-API registry's listing, deleted ones included, changed
 * after `since` when given (`updated_since`), and how many requests that took (one per page).
 */
export async function registryItems(
  root: string,
  fetcher: typeof fetch,
  since?: string,
): Promise<{ items: unknown[]; requests: number }> {
  const items: unknown[] = [];
  let cursor: string | undefined;
  let requests = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${root}/v0.1/servers`);
    url.searchParams.set("limit", "100");
    // Deleted entries too, so a re-import yanks what upstream deleted; `updated_since` for a sync.
    url.searchParams.set("include_deleted", "true");
    if (since !== undefined) url.searchParams.set("updated_since", since);
    if (cursor) url.searchParams.set("cursor", cursor);
    let body: unknown;
    requests++;
    try {
      const res = await fetcher(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = await res.json();
    } catch (error) {
      throw new ConnectoryError(
        "import.source.unreachable",
        `cannot read ${url.href}: ${(error as Error).message}`,
      );
    }
    if (isObject(body) && Array.isArray(body["servers"])) items.push(...body["servers"]);
    const next = isObject(body) && isObject(body["metadata"]) ? body["metadata"]["nextCursor"] : undefined;
    if (typeof next !== "string" || next === "") return { items, requests };
    cursor = next;
  }
  return { items, requests };
}

async function readJson(file: string, shown: string): Promise<unknown> {
  const stat = await fs.stat(file);
  if (stat.size > MAX_FILE)
    throw new ConnectoryError("import.source.too-large", `${shown} is over ${MAX_FILE} bytes`);
  try {
    return parseForeignJson(await fs.readFile(file, "utf8"));
  } catch (error) {
    throw new ConnectoryError(
      "import.source.invalid",
      `${shown} is not valid JSON: ${(error as Error).message}`,
    );
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}
