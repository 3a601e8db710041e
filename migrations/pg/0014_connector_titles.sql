-- connector_search.titles: the vector's name and display name positions (weights A and B), computed by
-- PostgreSQL from `search` (filled here for the rows from before it), with its own GIN index, so relevance's
-- name-or-title tier is an index lookup: on `search`, a weighted query (`'vika':*AB`) rechecked every row
-- holding the word in any field (src/db/postgres/pg-search.ts, issue 29).
ALTER TABLE "connector_search" ADD COLUMN "titles" "tsvector" GENERATED ALWAYS AS (ts_filter(search, '{a,b}')) STORED;--> statement-breakpoint
CREATE INDEX "connector_search_titles_idx" ON "connector_search" USING gin ("titles");
