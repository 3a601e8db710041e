import Database from "better-sqlite3";

// What bm25 needs of one connector for a one-gram CJK query (sqlite-gram-page.ts), read from its FTS5
// columns as the `unicode61 remove_diacritics 2` tokenizer splits and folds them (fts5UnicodeTokenize):
// a token is a run of token characters and of diacritics that follow one (dropped when folded). Which
// characters are which, and what they fold to, is FTS5's own table (of its Unicode version: it counts
// emoji as letters, JavaScript does not), so each non-ASCII character is asked of FTS5 once, in a probe
// table in memory, and kept.

/** bm25's column weights, in connectors_fts column order (sqlite-search.ts BM25; `extra` defaults to 1). */
export const COLUMN_WEIGHTS = [10, 6, 1, 3, 1] as const;
/** Columns 0 and 1 (name, display name): a match there is the name-or-title tier (RANK_BOOST). */
const TITLE_COLUMNS = 2;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A character to FTS5: a token character, a diacritic (continues a token), or a separator; and its fold. */
interface CharClass {
  kind: "token" | "mark" | "gap";
  folded: string;
}

const known = new Map<string, CharClass>();
let probe: { insert: Database.Statement; terms: Database.Statement; clear: Database.Statement } | undefined;

/** How FTS5's unicode61 (remove_diacritics 2) reads one character. */
export function fts5Char(ch: string): CharClass {
  if (ch.length === 1 && ch.charCodeAt(0) < 128)
    return /[A-Za-z0-9]/.test(ch) ? { kind: "token", folded: ch.toLowerCase() } : { kind: "gap", folded: "" };
  let found = known.get(ch);
  if (found) return found;
  if (!probe) {
    const db = new Database(":memory:");
    db.exec("CREATE VIRTUAL TABLE probe USING fts5(a, tokenize = 'unicode61 remove_diacritics 2')");
    db.exec("CREATE VIRTUAL TABLE probe_terms USING fts5vocab(probe, 'instance')");
    probe = {
      insert: db.prepare("INSERT INTO probe(rowid, a) VALUES (?, ?)"),
      terms: db.prepare("SELECT term FROM probe_terms WHERE doc = ? ORDER BY offset").pluck(),
      clear: db.prepare("DELETE FROM probe"),
    };
  }
  // Alone, a token character is a token; between two letters, a diacritic joins them into one.
  probe.insert.run(1, ch);
  probe.insert.run(2, `a${ch}a`);
  const alone = probe.terms.all(1) as string[];
  const within = probe.terms.all(2) as string[];
  probe.clear.run();
  found =
    alone.length === 1
      ? { kind: "token", folded: alone[0]! }
      : within.length === 1
        ? { kind: "mark", folded: within[0]!.slice(1, -1) }
        : { kind: "gap", folded: "" };
  known.set(ch, found);
  return found;
}

/** The tokens of a text as FTS5's unicode61 splits and folds them, as arrays of their folded characters. */
export function fts5Tokens(text: string): string[][] {
  const out: string[][] = [];
  let token: string[] | undefined;
  for (const ch of text) {
    const { kind, folded } = fts5Char(ch);
    if (kind === "token" || (kind === "mark" && token)) {
      token ??= [];
      if (folded !== "") token.push(folded);
    } else if (token) {
      out.push(token);
      token = undefined;
    }
  }
  if (token) out.push(token);
  return out;
}

/** How a one-gram query matches one connector: bm25's weighted count of its instances, and the title tier. */
export interface GramCount {
  freq: number;
  titled: boolean;
}

/**
 * Every one-gram CJK query that matches a connector, keyed as gramKey names them, with its weighted
 * instance count: `股*` (one character, a prefix: every token starting with it) and `股票` (two CJK
 * characters: a token that is exactly them). `columns` are the five connectors_fts columns as stored.
 */
export function gramCounts(columns: readonly string[]): Map<string, GramCount> {
  const out = new Map<string, GramCount>();
  const add = (key: string, column: number) => {
    const entry = out.get(key) ?? { freq: 0, titled: false };
    entry.freq += COLUMN_WEIGHTS[column]!;
    if (column < TITLE_COLUMNS) entry.titled = true;
    out.set(key, entry);
  };
  columns.forEach((text, column) => {
    for (const token of fts5Tokens(text)) {
      const first = token[0]!;
      if (!CJK.test(first)) continue;
      add(`${first}*`, column);
      if (token.length === 2 && CJK.test(token[1]!)) add(token.join(""), column);
    }
  });
  return out;
}

/**
 * The gramCounts key of a query's one gram (a CJK run's grams, src/core/text/cjk.ts splitTerm), folded as
 * FTS5 folds the query; undefined when FTS5 would not read it as one token of CJK characters.
 */
export function gramKey(gram: string, prefix: boolean): string | undefined {
  const chars = [...gram].map(fts5Char);
  if (!chars.every((c) => c.kind === "token" && [...c.folded].length === 1 && CJK.test(c.folded))) return;
  const folded = chars.map((c) => c.folded).join("");
  return prefix ? `${folded}*` : folded;
}

/** The varints of an FTS5 record (docsize: one per column; averages: the row count, then one per column). */
export function varints(record: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < record.length) {
    let value = 0;
    for (let n = 0; i < record.length; n++) {
      const byte = record[i++]!;
      if (n === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    out.push(value);
  }
  return out;
}

/** bm25's document length from an FTS5 docsize record: the sum of its per-column varints. */
export function docsizeLength(sz: Uint8Array): number {
  return varints(sz).reduce((a, b) => a + b, 0);
}

/** What FTS5's bm25 reads for one phrase besides the row: rows, tokens in all, rows the phrase matches. */
export interface Bm25Totals {
  rows: number;
  tokens: number;
  hits: number;
  /** ln() as FTS5 calls it (C's log, through SQLite's own ln(): the same function, so the same bits). */
  ln: (x: number) => number;
}

/**
 * FTS5's bm25 (fts5Bm25Function, k1 = 1.2, b = 0.75) of a one-phrase query for a row whose weighted
 * instance count is `freq` and whose length is `length`, operation by operation as its C code does them,
 * so the same doubles come out (GramPages checks this against bm25 itself before trusting it).
 */
export function oneGramBm25(totals: Bm25Totals, freq: number, length: number): number {
  const k1 = 1.2;
  const b = 0.75;
  const avgdl = totals.tokens / totals.rows;
  let idf = totals.ln((totals.rows - totals.hits + 0.5) / (totals.hits + 0.5));
  if (idf <= 0.0) idf = 1e-6;
  let score = 0.0;
  score += idf * ((freq * (k1 + 1.0)) / (freq + k1 * (1 - b + (b * length) / avgdl)));
  return -1.0 * score;
}
