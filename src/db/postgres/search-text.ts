// Full-text search text for PostgreSQL, made to match SQLite's FTS5 `unicode61 remove_diacritics 2`:
// lower-case, diacritics removed, words are runs of letters and digits. The lexemes are computed here and
// handed to PostgreSQL as tsvector/tsquery literals, so neither the server's text-search parser nor its
// locale can split or fold a word differently from SQLite (and no extension such as unaccent is needed).

import { splitTerm } from "../../core/text/cjk.js";

// PostgreSQL refuses a lexeme over 2047 bytes; FTS5 has no such limit. Cutting a longer word keeps every
// query that FTS5 would match it with (a query word is at most 200 characters, see search-params.ts).
const MAX_LEXEME_BYTES = 2047;

/** The lexemes of a text, in order: what FTS5 would index for it. */
export function searchTokens(text: string): string[] {
  const words =
    text
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{Co}]+/gu) ?? [];
  return words.map(clip);
}

function clip(word: string): string {
  if (Buffer.byteLength(word) <= MAX_LEXEME_BYTES) return word;
  let out = "";
  let bytes = 0;
  for (const ch of word) {
    bytes += Buffer.byteLength(ch);
    if (bytes > MAX_LEXEME_BYTES) break;
    out += ch;
  }
  return out;
}

/** The weighted fields of a connector: name (A) > display name (B) > keywords (C) > description (D). */
export interface SearchFields {
  name: string;
  displayName: string | null;
  keywords: string[];
  description: string;
  /** Translations and CJK grams (src/core/api/search-extra.ts): matched, weighted as the description. */
  searchExtra?: string;
}

// tsvector positions stop at 16383; beyond it PostgreSQL clamps, which is harmless but pointless.
const MAX_POSITION = 16383;

/** A tsvector literal (`'word':1A,5C …`) for a connector; positions run on across fields. */
export function searchVector(fields: SearchFields): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  const add = (text: string, weight: "A" | "B" | "C" | "D") => {
    for (const token of searchTokens(text)) {
      position = Math.min(position + 1, MAX_POSITION);
      const list = positions.get(token) ?? [];
      list.push(`${position}${weight}`);
      positions.set(token, list);
    }
  };
  add(fields.name, "A");
  add(fields.displayName ?? "", "B");
  add(fields.keywords.join(" "), "C");
  add(fields.description, "D");
  add(fields.searchExtra ?? "", "D");
  return [...positions].map(([token, at]) => `${quote(token)}:${at.join(",")}`).join(" ");
}

/**
 * A tsquery literal for search terms, FTS5-style: every term must match (AND), each as a prefix. A term
 * that normalizes to several words (`½` → `1 2`) becomes a phrase, as FTS5 reads `"1⁄2"*`. With
 * `weights`, only in the fields of those weights (relevance's name-or-title tier, RANK_BOOST). A CJK run
 * of a term must match as its grams in a row (`星球` → '星球'; a lone character as a prefix: '股':*), the
 * same reading as SQLite's (src/db/sqlite/fts-match.ts); its grams are weight D, so with `weights` "AB"
 * it never lands in the title tier, as on SQLite.
 */
export function searchQuery(terms: string[], weights = ""): string | undefined {
  const parts = searchParts(terms, weights);
  return parts.length > 0 ? parts.map((part) => `(${part.text})`).join(" & ") : undefined;
}

/**
 * The parts searchQuery joins with `&`, each with `prefix` when it is one word's one lexeme as a prefix
 * (`'vika':*`, not a phrase or CJK): what pg-prefix-words.ts may spell out as the words it stands for.
 */
export function searchParts(terms: string[], weights = ""): Array<{ text: string; prefix?: string }> {
  // `weights` ("AB": name and display name) restricts every lexeme to those fields.
  const phrase = (tokens: string[], prefix: boolean) =>
    tokens
      .map((t, i) =>
        prefix && i === tokens.length - 1
          ? `${quote(t)}:*${weights}`
          : weights
            ? `${quote(t)}:${weights}`
            : quote(t),
      )
      .join(" <-> ");
  return terms.flatMap((term) => {
    const { words, runs } = splitTerm(term);
    return [
      ...words
        .map((word) => searchTokens(word))
        .filter((tokens) => tokens.length > 0)
        .map((t) => ({ text: phrase(t, true), ...(t.length === 1 ? { prefix: t[0]! } : {}) })),
      // Each gram folded as the vector folded it (NFKD splits a Hangul syllable into its letters).
      ...runs.map((run) => ({
        text: phrase(
          run.grams.map((g) => searchTokens(g).join("")),
          run.prefix,
        ),
      })),
    ];
  });
}

// Lexemes are letters and digits only, but quote and escape them anyway: a literal must never be syntax.
/** A lexeme as a tsvector/tsquery literal. */
export function quote(token: string): string {
  return `'${token.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}
