import path from "node:path";
import { ConnectoryError } from "../errors.js";
import { isObject } from "../json-guards.js";
import { parseJson, readFolder, readText, type ForeignIo } from "./foreign-io.js";
import { fromClaudePlugin } from "./from-claude-plugin.js";
import { entrySource } from "./from-marketplace.js";
import type { Converted } from "./read-input.js";
import type { ConvertOptions } from "./types.js";

/** The checkout root of a marketplace.json: it sits in <root>/.claude-plugin/ (or at the root itself). */
export function marketplaceRoot(file: string): string {
  const dir = path.dirname(path.resolve(file));
  return path.basename(dir) === ".claude-plugin" ? path.dirname(dir) : dir;
}

/** A plugin's source folder, read only when it is really inside the checkout (no link on the way out). */
export async function pluginFolder(
  io: ForeignIo,
  root: string,
  folder: string,
  plugin: string,
): Promise<Awaited<ReturnType<typeof readFolder>>> {
  const inside = await io.folderInside(root, folder);
  if ("refused" in inside)
    throw new ConnectoryError(
      "convert.refused.source-missing",
      `plugin "${plugin}": its source ${inside.refused}`,
      {
        hint: "A plugin's source must be a folder of the marketplace checkout itself, not a link out of it.",
      },
    );
  return readFolder(io, inside.folder, folder, { refuseLinkedRoot: true });
}

/** Converts one plugin of a Claude Code marketplace.json (a file, or a URL when the port fetches). */
export async function readMarketplaceEntry(
  io: ForeignIo,
  file: string,
  plugin: string,
  options: ConvertOptions,
): Promise<Converted> {
  // A marketplace by URL (another Connectory's /.claude-plugin/marketplace.json): its entries are npm sources.
  const url = /^https?:\/\//i.test(file);
  if (url && !io.fetchJson)
    throw new ConnectoryError(
      "convert.remote.failed",
      `${file}: a marketplace by URL is read by \`connectory convert\``,
      {
        hint: "convert it first (`connectory convert <url>#<plugin> -o <folder>`), then publish the folder",
      },
    );
  const parsed = (url ? await io.fetchJson!(file) : parseJson(await readText(io, file, file), file)) as {
    plugins?: unknown;
  };
  if (!Array.isArray(parsed.plugins))
    throw new ConnectoryError(
      "convert.refused.shape",
      `${file} is not a Claude Code marketplace.json (no "plugins" list)`,
    );
  const entry = parsed.plugins.find((p): p is Record<string, unknown> => isObject(p) && p["name"] === plugin);
  if (!entry)
    throw new ConnectoryError(
      "convert.marketplace.plugin-unknown",
      `${file} has no plugin named "${plugin}"`,
      {
        hint: `Plugins: ${parsed.plugins
          .map((p) => String((p as { name?: unknown })?.name))
          .slice(0, 30)
          .join(", ")}`,
      },
    );
  const owner = (parsed as { owner?: { name?: unknown } }).owner?.name;
  const marketplaceName = (parsed as { name?: unknown }).name;
  const context = {
    ...options,
    marketplace: {
      ...(typeof owner === "string" ? { owner } : {}),
      ...(typeof marketplaceName === "string" ? { name: marketplaceName } : {}),
    },
  };
  const fetched = io.npmPlugin?.(entry);
  if (fetched) {
    const read = await fetched;
    const conversion = fromClaudePlugin(read.files, entry, context);
    return { conversion, format: "claude-plugin", executables: read.executables };
  }
  const source = entrySource(entry, parsed as Record<string, unknown>);
  if ("remote" in source)
    throw new ConnectoryError(
      "convert.refused.remote-source",
      `plugin "${plugin}" lives at ${source.remote}, which is not in this checkout`,
      { hint: "Clone that repository (at the pinned sha), then convert the plugin's folder." },
    );
  const read = await pluginFolder(io, marketplaceRoot(file), source.folder, plugin);
  const conversion = fromClaudePlugin(read.files, entry, context);
  return { conversion, format: "claude-plugin", executables: read.executables };
}
