import type { VersionDocument } from "../../core/api/documents.js";
import type { Language } from "../../core/text/language.js";
import type { Registry } from "../../registry/registry.js";
import { readmeHtml } from "../../registry/readme/readme-html.js";
import { Lru } from "./lru.js";

// A version's translated README (plugin.json `i18n.<lang>.readme`, kept in the version document as
// `readmes`), rendered by the same worker and sanitizer as README.md. The English one is stored rendered
// at publish; translations are rendered at first view and kept here (a version's files never change).

const caches = new WeakMap<Registry, Lru<string, string>>();

/** The rendered README of `version` in `lang` (the exact tag, else one of its primary language), if it has one. */
export async function localizedReadme(
  registry: Registry,
  version: VersionDocument,
  lang: Language,
): Promise<string | undefined> {
  if (lang === "en" || !version.readmes) return undefined;
  const primary = lang.split("-")[0];
  const tag =
    version.readmes[lang] !== undefined
      ? lang
      : Object.keys(version.readmes).find((t) => t.split("-")[0] === primary);
  const markdown = tag === undefined ? undefined : version.readmes[tag];
  if (markdown === undefined) return undefined;
  const key = `${version.name}@${version.version}#${tag}`;
  let cache = caches.get(registry);
  if (!cache) caches.set(registry, (cache = new Lru<string, string>(500)));
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = await readmeHtml(registry.deps.readme, markdown);
  cache.set(key, html);
  return html;
}
