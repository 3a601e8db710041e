ALTER TABLE "connectors" ADD COLUMN "outline" text;--> statement-breakpoint
-- By hand (drizzle-kit writes no data): each document's outline as storedOutline writes it
-- (src/core/official/connector-outline.ts), led by the document's ETag; the same fields, the same values.
-- The document is parsed as json (not jsonb), which keeps each part's text as written.
UPDATE "connectors" c SET "outline" = (
  SELECT '{"etag":"' || c."etag" || '","publisher":' || d."publisher"::text || ',"updatedAt":' || d."updatedAt"::text
    || ',"distTags":' || d."distTags"::text || ',"versions":' || coalesce((
      SELECT json_object_agg(e.key, CASE WHEN e.value -> 'upstreamVersion' IS NULL
        THEN json_build_object('version', e.value -> 'version', 'yanked', e.value -> 'yanked')
        ELSE json_build_object('version', e.value -> 'version', 'yanked', e.value -> 'yanked',
          'upstreamVersion', e.value -> 'upstreamVersion') END)::text
      FROM json_each(d."versions") AS e), '{}')
    || CASE WHEN d."quality" IS NULL THEN '' ELSE ',"quality":{"score":' || (d."quality" -> 'score')::text || '}' END
    || CASE WHEN d."publisherBadge" IS NULL THEN '' ELSE ',"publisherBadge":' || d."publisherBadge"::text END
    || CASE WHEN d."provenance" IS NULL THEN '' ELSE ',"provenance":' || d."provenance"::text END
    || '}'
  FROM json_to_record(c."document"::json) AS d("publisher" json, "updatedAt" json, "distTags" json, "versions" json,
    "quality" json, "publisherBadge" json, "provenance" json));
--> statement-breakpoint
-- The UPDATE wrote a new version of every row (a full page leaves no room for a HOT update), so every index
-- of connectors gained an entry per row; vacuum frees them but a GIN index keeps its size, and its posting
-- lists stay spread: at 100,000 rows the description trigram index was 34 MB instead of 12, and a two-word
-- needle's description query p50 7.5 ms instead of 3.4. Rebuilt here (~7 s at 100,000 rows), in this
-- transaction, where the old row versions still count (4.5 ms); REINDEX TABLE CONCURRENTLY connectors after
-- it gives the compact indexes back (docs/deploy.md).
REINDEX TABLE "connectors";
