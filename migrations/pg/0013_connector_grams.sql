-- Hand-written (no drizzle schema: the rows are written by src/db/postgres/pg-gram-rows.ts): for every
-- one-gram CJK query a connector matches (`股*`: one character, a prefix; `股票`: two characters), its
-- relevance key as relevancePg computes it (pg-gram-rows.ts rankKey). ts_rank over the 13,000–19,000 matches
-- of one character at 100,000 connectors was most of its search (issue 29); with these rows its page is one
-- index range. Rows from before it are filled here from connector_search: every lexeme whose first character
-- is U+1100 or later (all CJK scripts are; the rows of others are never asked for).
CREATE TABLE "connector_grams" (
	"gram" text NOT NULL,
	"key" double precision NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"connector_id" integer NOT NULL REFERENCES "connectors"("id") ON DELETE CASCADE,
	PRIMARY KEY ("gram", "key", "name")
);--> statement-breakpoint
CREATE INDEX "connector_grams_connector_idx" ON "connector_grams" ("connector_id");--> statement-breakpoint
INSERT INTO "connector_grams" ("gram", "key", "name", "connector_id")
SELECT q.gram,
  (-ts_rank('{0.1, 0.3, 0.6, 1.0}'::float4[], s.search, q.query, 1) - CASE WHEN s.name = q.gram THEN 1000 ELSE 0 END
    - CASE WHEN s.search @@ q.titled THEN 100 ELSE 0 END)::float8,
  s.name, s.connector_id
FROM "connector_search" s CROSS JOIN LATERAL (
  SELECT g.gram, g.query::tsquery AS query, g.titled::tsquery AS titled FROM (
    SELECT left(l.lexeme, 1) || '*' AS gram, format('(%s:*)', quote_literal(left(l.lexeme, 1))) AS query,
      format('(%s:*AB)', quote_literal(left(l.lexeme, 1))) AS titled
    FROM unnest(s.search) l WHERE ascii(l.lexeme) >= 4352
    UNION
    SELECT l.lexeme, format('(%s)', quote_literal(l.lexeme)), format('(%s:AB)', quote_literal(l.lexeme))
    FROM unnest(s.search) l
    WHERE length(l.lexeme) = 2 AND ascii(l.lexeme) >= 4352 AND ascii(substr(l.lexeme, 2)) >= 4352
  ) g
) q;
