-- connector_search.edges: the description words of `search` (weight D) by their ASCII edges, with their own
-- GIN index, so a listing needle of ASCII words (`weather forecast`) finds its candidates by two prefix lookups
-- instead of the trigram index (src/db/postgres/pg-description-edges.ts, issue 29). By hand (drizzle-kit
-- writes no functions): what computes the column. Each word gives its leading run of ASCII letters and
-- digits, and `~` with its trailing run reversed (`weather` → 'weather' '~rehtaew'; `数据api` → '~ipa').
-- Immutable: it reads nothing but its argument, as a generated column requires.
CREATE OR REPLACE FUNCTION "search_word_edges"(v tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(
    SELECT DISTINCT e.edge FROM unnest(ts_filter(v, '{d}')) AS u
      CROSS JOIN LATERAL (VALUES (substring(u.lexeme FROM '^[a-z0-9]+')),
        ('~' || reverse(substring(u.lexeme FROM '[a-z0-9]+$')))) AS e(edge)
    WHERE e.edge IS NOT NULL))
$$;--> statement-breakpoint
-- Adding a stored generated column rewrites the table, filling it for every row, and builds its indexes
-- anew (~8 s at 100,000 connectors): compact, unlike an UPDATE's (0016).
ALTER TABLE "connector_search" ADD COLUMN "edges" "tsvector" GENERATED ALWAYS AS (search_word_edges(search)) STORED;--> statement-breakpoint
CREATE INDEX "connector_search_edges_idx" ON "connector_search" USING gin ("edges");
