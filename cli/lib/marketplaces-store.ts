import { ConnectoryError } from "../../src/core/errors.js";
import { homePaths } from "./home.js";
import { describe, isJsonObject, objectOf, readJsonFile, updateJsonFile } from "./json-file.js";

export interface Marketplace {
  url: string;
  /** The marketplace used when a command names none. */
  default?: boolean;
}

export type MarketplacesFile = Record<string, Marketplace>;

/** The built-in marketplace: the local registry, unless CONNECTORY_REGISTRY points elsewhere. */
export const DEFAULT_MARKETPLACE = "default";
export const DEFAULT_REGISTRY_URL = "http://127.0.0.1:8787";

function builtIn(env: Record<string, string | undefined>): MarketplacesFile {
  return { [DEFAULT_MARKETPLACE]: { url: env.CONNECTORY_REGISTRY || DEFAULT_REGISTRY_URL, default: true } };
}

const checkMarketplaces = objectOf("an object of marketplaces", (m) => {
  if (!isJsonObject(m)) return `is ${describe(m)}, not a marketplace`;
  if (typeof m.url !== "string") return 'has no "url" text';
  if (m.default !== undefined && typeof m.default !== "boolean")
    return 'has a "default" that is not true or false';
  return undefined;
});

/** Known marketplaces; when the file is absent, just the built-in default. */
export async function readMarketplaces(
  home: string,
  env: Record<string, string | undefined> = {},
): Promise<MarketplacesFile> {
  return readJsonFile<MarketplacesFile>(homePaths(home).marketplaces, builtIn(env), checkMarketplaces);
}

export function updateMarketplaces(
  home: string,
  env: Record<string, string | undefined>,
  fn: (file: MarketplacesFile) => MarketplacesFile | Promise<MarketplacesFile>,
): Promise<MarketplacesFile> {
  return updateJsonFile<MarketplacesFile>(homePaths(home).marketplaces, builtIn(env), fn, {
    check: checkMarketplaces,
  });
}

/** The marketplace a command means: the named one, else the default. */
export async function resolveMarketplace(
  home: string,
  env: Record<string, string | undefined>,
  name?: string,
): Promise<{ name: string; url: string }> {
  const all = await readMarketplaces(home, env);
  const chosen = name ?? Object.keys(all).find((k) => all[k]?.default) ?? Object.keys(all)[0];
  const entry = chosen === undefined ? undefined : all[chosen];
  if (!chosen || !entry) {
    throw new ConnectoryError("marketplace.unknown", `no marketplace named "${name ?? "(default)"}"`, {
      hint: "run `connectory marketplace list`, or add one with `connectory marketplace add <name> <url>`",
    });
  }
  return { name: chosen, url: entry.url.replace(/\/+$/, "") };
}
