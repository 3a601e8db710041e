-- Hand-written (drizzle-kit cannot model FTS5): connectors_fts gains a prefix index of 4 characters beside
-- those of 2 and 3 (issue 29), so a word typed to its 4th letter (`vika`) reads one list of the prefix index
-- rather than merging the lists of every word it begins, in each pass its page makes (the match, bm25's
-- counts). Same columns, tokenizer, rows and bm25. FTS5 cannot change its options, so the table is made
-- again under another name, filled from the old one's own copy of the text, and renamed; the triggers are
-- made again as migration 0007 made them.
DROP TRIGGER `connectors_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `connectors_fts_update`;
--> statement-breakpoint
DROP TRIGGER `connectors_fts_delete`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `connectors_fts_next` USING fts5(
	name, display_name, description, keywords, extra,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3 4'
);
--> statement-breakpoint
INSERT INTO connectors_fts_next(rowid, name, display_name, description, keywords, extra)
SELECT rowid, name, display_name, description, keywords, extra FROM connectors_fts;
--> statement-breakpoint
DROP TABLE `connectors_fts`;
--> statement-breakpoint
ALTER TABLE `connectors_fts_next` RENAME TO `connectors_fts`;
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
