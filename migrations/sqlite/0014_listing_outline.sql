ALTER TABLE `connectors` ADD `outline` text;--> statement-breakpoint
-- By hand (drizzle-kit writes no data): each document's outline as storedOutline writes it
-- (src/core/official/connector-outline.ts), led by the document's ETag; the same fields, the same values.
UPDATE `connectors` SET `outline` = '{"etag":"' || `etag` || '","publisher":' || (`document` -> '$.publisher')
  || ',"updatedAt":' || (`document` -> '$.updatedAt') || ',"distTags":' || (`document` -> '$.distTags')
  || ',"versions":' || coalesce((
    SELECT json_group_object(`key`, CASE WHEN json_type(`value`, '$.upstreamVersion') IS NULL
      THEN json_object('version', `value` ->> '$.version', 'yanked', json(`value` -> '$.yanked'))
      ELSE json_object('version', `value` ->> '$.version', 'yanked', json(`value` -> '$.yanked'),
        'upstreamVersion', `value` ->> '$.upstreamVersion') END)
    FROM json_each(`document`, '$.versions')), '{}')
  || CASE WHEN json_type(`document`, '$.quality') IS NULL THEN ''
    ELSE ',"quality":{"score":' || (`document` -> '$.quality.score') || '}' END
  || CASE WHEN json_type(`document`, '$.publisherBadge') IS NULL THEN ''
    ELSE ',"publisherBadge":' || (`document` -> '$.publisherBadge') END
  || CASE WHEN json_type(`document`, '$.provenance') IS NULL THEN ''
    ELSE ',"provenance":' || (`document` -> '$.provenance') END
  || '}';
