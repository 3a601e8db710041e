import { fillMessage, type Language } from "../text/language.js";
import { qualityEn, type QualityWordKey } from "./words-en.js";
import { qualityZhCN } from "./words-zh-cn.js";
import type { QualityItem, QualityPhrase } from "./types.js";

// The checklist in a reader's language: an item carries its words as keys with values (`localized`),
// read here against the tables. An item without them (a registry from before, or another registry's
// words) keeps its English `reason` and `fix`.

/** The quality tables, complete by type (and by test/core/quality/words.test.ts). */
export const QUALITY_WORDS: Record<Language, Record<QualityWordKey, string>> = {
  en: qualityEn,
  "zh-CN": qualityZhCN,
};

/** A phrase of the tables: its key and values (a list value reads each phrase, joined by the separator). */
export function phrase(key: QualityWordKey, params?: QualityPhrase["params"]): QualityPhrase {
  return params ? { key, params } : { key };
}

/** A word of the tables in a language, placeholders filled. */
export function qualityWord(
  lang: Language,
  key: QualityWordKey,
  params?: Record<string, string | number>,
): string {
  return fillMessage(QUALITY_WORDS[lang][key], params);
}

/** A phrase in a language; undefined when a key is not in the tables (another registry's words). */
export function sayPhrase(p: QualityPhrase, lang: Language): string | undefined {
  const table = QUALITY_WORDS[lang] as Record<string, string>;
  if (!Object.hasOwn(table, p.key)) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(p.params ?? {})) {
    if (!Array.isArray(value)) {
      values[name] = value;
      continue;
    }
    const parts = value.map((v) => sayPhrase(v, lang));
    if (parts.some((v) => v === undefined)) return undefined;
    values[name] = parts.join(table["list.separator"]);
  }
  return fillMessage(table[p.key]!, values);
}

/** An item's reason and fix in a language: from its keys when the tables know them, else as it says. */
export function itemText(i: QualityItem, lang: Language): { reason: string; fix: string | undefined } {
  const reason = i.localized ? sayPhrase(i.localized.reason, lang) : undefined;
  const fix = i.localized?.fix ? sayPhrase(i.localized.fix, lang) : undefined;
  return { reason: reason ?? i.reason, fix: fix ?? i.fix };
}
