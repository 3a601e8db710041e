-- Hand-written (no schema change): search_words (0015) holds the lexemes of connector_search.edges (0017)
-- too, so the description edges' prefixes of a listing needle (`'~rehtaew':* & 'forecast':*`) can be spelled
-- out as the few lexemes they stand for, as a query's prefix words are (src/db/postgres/pg-prefix-words.ts,
-- issue 29). An edge is an ASCII run (`weather`, a word's own lexeme or the leading run of one) or starts
-- with `~`, which no query word does, so a query word's range gains at most those runs. From here on
-- pg-dialect.ts writes them with the rest; the rows from before it are filled here.
INSERT INTO "search_words" ("word")
  SELECT d.word FROM (SELECT DISTINCT u.lexeme COLLATE "C" AS word FROM "connector_search" s CROSS JOIN unnest(s."edges") u) d
  WHERE NOT EXISTS (SELECT 1 FROM "search_words" w WHERE w.word = d.word);
