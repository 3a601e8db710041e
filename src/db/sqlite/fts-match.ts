import { splitTerm } from "../../core/text/cjk.js";

/**
 * The FTS5 MATCH expression for search terms: every term must match, each as a prefix of a word; a CJK
 * run of a term as its grams in a row in the `extra` column's grams (`星球` → `"星球"`, a lone character as
 * a prefix: `"股"*`), the same reading as PostgreSQL's searchQuery (src/db/postgres/search-text.ts).
 * Terms are quoted strings, so no FTS5 syntax reaches the index.
 */
export function ftsMatch(terms: string[]): string {
  return ftsPhrases(terms).join(" ");
}

/** The phrases of ftsMatch's expression, one per word and per CJK run (bm25 sums one score per phrase). */
export function ftsPhrases(terms: string[]): string[] {
  const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
  return terms.flatMap((term) => {
    const { words, runs } = splitTerm(term);
    return [
      ...words.map((word) => `${quoted(word)}*`),
      ...runs.map((run) => `${quoted(run.grams.join(" "))}${run.prefix ? "*" : ""}`),
    ];
  });
}
