-- Hand-written (drizzle-kit cannot model FTS5): connectors_fts gains the column `extra`, indexing
-- connectors.search_extra (translations and CJK grams, src/core/api/search-extra.ts). FTS5 cannot add a
-- column, so the table and its triggers are made again and refilled; the start-up rebuild then fills
-- search_extra for rows written before it existed, and the update trigger indexes it.
DROP TRIGGER `connectors_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `connectors_fts_update`;
--> statement-breakpoint
DROP TRIGGER `connectors_fts_delete`;
--> statement-breakpoint
DROP TABLE `connectors_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `connectors_fts` USING fts5(
	name, display_name, description, keywords, extra,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO connectors_fts(rowid, name, display_name, description, keywords, extra)
SELECT id, name, coalesce(display_name, ''), description, keywords, coalesce(search_extra, '') FROM connectors;
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_insert` AFTER INSERT ON `connectors` BEGIN
	INSERT INTO connectors_fts(rowid, name, display_name, description, keywords, extra)
	VALUES (new.id, new.name, coalesce(new.display_name, ''), new.description, new.keywords, coalesce(new.search_extra, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_update` AFTER UPDATE OF name, display_name, description, keywords, search_extra ON `connectors` BEGIN
	UPDATE connectors_fts
	SET name = new.name, display_name = coalesce(new.display_name, ''), description = new.description, keywords = new.keywords, extra = coalesce(new.search_extra, '')
	WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_delete` AFTER DELETE ON `connectors` BEGIN
	DELETE FROM connectors_fts WHERE rowid = old.id;
END;
