import type { PackageFiles } from "../types.js";
import { fromClaudePlugin } from "./from-claude-plugin.js";
import { refuse, type Conversion, type ConvertOptions, type Refusal } from "./types.js";
import { isObject } from "../json-guards.js";

type Json = Record<string, unknown>;

/** One marketplace entry's outcome, named as the marketplace names it. */
export interface MarketplaceOutcome {
  entry: string;
  conversion: Conversion;
}

/**
 * Where an entry's files are: a folder relative to the marketplace root (`./plugins/x`, or a bare name under
 * metadata.pluginRoot), or undefined with the reason for a git repository or URL.
 */
export function entrySource(entry: Json, marketplace: Json): { folder: string } | { remote: string } {
  const source = entry["source"];
  if (typeof source === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(source)) {
    const root =
      isObject(marketplace["metadata"]) && typeof marketplace["metadata"]["pluginRoot"] === "string"
        ? marketplace["metadata"]["pluginRoot"]
        : "";
    const joined =
      source.startsWith("./") || source.startsWith("../") || root === ""
        ? source
        : `${root.replace(/\/$/, "")}/${source}`;
    return { folder: joined.replace(/^\.\//, "").replace(/\/$/, "") };
  }
  if (isObject(source)) {
    const where = [source["url"] ?? source["repo"] ?? source["package"], source["path"]]
      .filter((s) => typeof s === "string")
      .join(" ");
    return { remote: `${String(source["source"] ?? "remote")} ${where}`.trim() };
  }
  return { remote: String(source) };
}

/**
 * Every entry of a Claude Code marketplace.json. readFolder gives a checkout folder's files (by path relative
 * to that folder), or undefined when it does not exist; it must refuse paths outside the checkout. Remote
 * sources (git, GitHub, URLs) are reported, never skipped silently.
 */
export function fromMarketplace(
  json: unknown,
  readFolder: (folder: string) => PackageFiles | undefined,
  options: ConvertOptions = {},
): MarketplaceOutcome[] | Refusal {
  if (!isObject(json) || !Array.isArray(json["plugins"]))
    return refuse(
      "convert.refused.shape",
      'not a Claude Code marketplace.json: an object with a "plugins" list is needed',
    );
  const owner =
    isObject(json["owner"]) && typeof json["owner"]["name"] === "string" ? json["owner"]["name"] : undefined;
  const name = typeof json["name"] === "string" ? json["name"] : undefined;
  return json["plugins"].map((entry, i): MarketplaceOutcome => {
    const label = isObject(entry) && typeof entry["name"] === "string" ? entry["name"] : `#${i}`;
    if (!isObject(entry))
      return {
        entry: label,
        conversion: refuse("convert.refused.shape", `plugin ${label} is not an object`),
      };
    const source = entrySource(entry, json);
    if ("remote" in source)
      return {
        entry: label,
        conversion: refuse(
          "convert.refused.remote-source",
          `plugin "${label}" lives at ${source.remote}, which is not in this checkout (fetch it, then convert its folder)`,
          [],
          label,
        ),
      };
    const files = readFolder(source.folder);
    if (!files)
      return {
        entry: label,
        conversion: refuse(
          "convert.refused.source-missing",
          `plugin "${label}": its folder ${source.folder} is not in the checkout`,
          [],
          label,
        ),
      };
    return {
      entry: label,
      conversion: fromClaudePlugin(files, entry, {
        ...options,
        origin: `${options.origin ?? "marketplace.json"}#${label}`,
        marketplace: { ...(name ? { name } : {}), ...(owner ? { owner } : {}) },
      }),
    };
  });
}
