-- Hand-written (no drizzle schema: the rows are written by src/db/postgres/pg-dialect.ts): every lexeme
-- written to connector_search, so a prefix word of a query (`'xotonka':*`) can be spelled out as the few
-- words it stands for (src/db/postgres/pg-prefix-words.ts): GIN reads a prefix as a partial match, a bitmap
-- of every posting of the range, where exact lexemes are merged with skipping (issue 29). A superset is all
-- it needs to be: rows are never deleted and duplicates (two writers adding one word at once) are harmless,
-- so the writes take no lock on it. Rows from before it are filled here.
CREATE TABLE "search_words" (
	"word" text COLLATE "C" NOT NULL
);--> statement-breakpoint
INSERT INTO "search_words" ("word") SELECT DISTINCT u.lexeme FROM "connector_search" s CROSS JOIN unnest(s."search") u;--> statement-breakpoint
CREATE INDEX "search_words_word_idx" ON "search_words" ("word");
