// Chinese, Japanese and Korean text has no spaces between words, so a word index holds `知识星球` as one
// word: `知识` finds it as a prefix, `星球` never. Search therefore also indexes the character pairs
// (bigrams) of every CJK run, and reads a CJK query as the run of pairs it must contain, in order. Both
// databases get the same grams from here (src/db/sqlite/fts-match.ts, src/db/postgres/search-text.ts).

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Whether a text holds any CJK character. */
export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

function runs(text: string): string[][] {
  return (text.normalize("NFKC").match(CJK_RUN) ?? []).map((run) => [...run]);
}

/**
 * The index grams of a text's CJK runs: each run's overlapping character pairs, then its last character
 * (so a one-character query finds a character that only ends a run). `知识星球` → 知识 识星 星球 球.
 */
export function cjkGrams(text: string): string[] {
  const out: string[] = [];
  for (const chars of runs(text)) {
    for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
    out.push(chars[chars.length - 1] as string);
  }
  return out;
}

/** One CJK run of a query: the grams that must follow each other; `prefix` for a lone character. */
export interface CjkRun {
  grams: string[];
  prefix: boolean;
}

/**
 * A search term split for matching: the pieces between CJK runs (matched by the word index as before;
 * only those with a letter or digit) and each CJK run as the grams it must contain. A term without CJK
 * is one word, unchanged.
 */
export function splitTerm(term: string): { words: string[]; runs: CjkRun[] } {
  if (!hasCjk(term)) return { words: [term], runs: [] };
  const normalized = term.normalize("NFKC");
  const words = normalized.split(CJK_RUN).filter((piece) => /[\p{L}\p{N}]/u.test(piece));
  const queryRuns = runs(normalized).map((chars): CjkRun => {
    if (chars.length === 1) return { grams: chars, prefix: true };
    const grams: string[] = [];
    for (let i = 0; i + 1 < chars.length; i++) grams.push(`${chars[i]}${chars[i + 1]}`);
    return { grams, prefix: false };
  });
  return { words, runs: queryRuns };
}
