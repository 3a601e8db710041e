import { homePaths } from "./home.js";
import { describe, objectOf, readJsonFile, updateJsonFile } from "./json-file.js";
import { isObject } from "../../src/core/json-guards.js";
import { localizedError } from "../terminal/language.js";

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
  if (!isObject(m)) return `is ${describe(m)}, not a marketplace`;
  if (typeof m.url !== "string") return 'has no "url" text';
  if (m.default !== undefined && typeof m.default !== "boolean")
    return 'has a "default" that is not true or false';
  return undefined;
});

/**
 * CONNECTORY_REGISTRY, when set, is the URL of the marketplace named "default", also when
 * marketplaces.json names another one (as npm's npm_config_registry beats .npmrc): an environment
 * variable that is silently ignored once the file exists would send installs to the wrong registry.
 */
function withEnv(file: MarketplacesFile, env: Record<string, string | undefined>): MarketplacesFile {
  const url = env.CONNECTORY_REGISTRY;
  const current = file[DEFAULT_MARKETPLACE];
  if (!url || !current) return file;
  return { ...file, [DEFAULT_MARKETPLACE]: { ...current, url } };
}

/** Known marketplaces; when the file is absent, just the built-in default. */
export async function readMarketplaces(
  home: string,
  env: Record<string, string | undefined> = {},
): Promise<MarketplacesFile> {
  const file = await readJsonFile(homePaths(home).marketplaces, builtIn(env), checkMarketplaces);
  return withEnv(file, env);
}

/** Locked read-modify-write; `fn` sees what readMarketplaces returns, the override is never stored. */
export function updateMarketplaces(
  home: string,
  env: Record<string, string | undefined>,
  fn: (file: MarketplacesFile) => MarketplacesFile | Promise<MarketplacesFile>,
): Promise<MarketplacesFile> {
  return updateJsonFile<MarketplacesFile>(
    homePaths(home).marketplaces,
    builtIn(env),
    async (stored) => {
      const next = await fn(withEnv(stored, env));
      const kept = stored[DEFAULT_MARKETPLACE];
      const now = next[DEFAULT_MARKETPLACE];
      // The command left "default" as the override showed it: keep the URL the file had.
      if (kept && now && env.CONNECTORY_REGISTRY && now.url === env.CONNECTORY_REGISTRY)
        return { ...next, [DEFAULT_MARKETPLACE]: { ...now, url: kept.url } };
      return next;
    },
    { check: checkMarketplaces },
  );
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
    throw localizedError(
      "marketplace.unknown",
      { key: "marketplace.unknown", params: { name: name ?? "(default)" } },
      { key: "marketplace.unknown-add-hint" },
    );
  }
  return { name: chosen, url: entry.url.replace(/\/+$/, "") };
}
