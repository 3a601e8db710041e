import type { LocalizedListing } from "../../src/core/api/documents.js";
import { isObject } from "../../src/core/json-guards.js";
import { localizedText } from "../../src/core/text/language.js";
import { cliLanguage } from "./language.js";

// Kept apart from the page builders: `search` reads it and loads nothing else of `info`'s (no validator).

/**
 * A package's own displayName and description in this run's language, from a plugin.json `i18n` block
 * (or a listing's `i18n`) as the registry sent it: only string values are taken.
 */
export function localText(i18n: unknown): { displayName?: string; description?: string } {
  const t = localizedText(isObject(i18n) ? (i18n as LocalizedListing) : undefined, cliLanguage());
  if (!isObject(t)) return {};
  return {
    ...(typeof t.displayName === "string" ? { displayName: t.displayName } : {}),
    ...(typeof t.description === "string" ? { description: t.description } : {}),
  };
}
