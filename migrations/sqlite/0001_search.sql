-- Full-text search over connectors (FTS5), kept in step with `connectors` by triggers so that every write
-- path, and every rollback, updates the index in the same transaction. Prefix indexes make `term*` fast.
CREATE VIRTUAL TABLE `connectors_fts` USING fts5(
	name, display_name, description, keywords,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_insert` AFTER INSERT ON `connectors` BEGIN
	INSERT INTO connectors_fts(rowid, name, display_name, description, keywords)
	VALUES (new.id, new.name, coalesce(new.display_name, ''), new.description, new.keywords);
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_update` AFTER UPDATE OF name, display_name, description, keywords ON `connectors` BEGIN
	UPDATE connectors_fts
	SET name = new.name, display_name = coalesce(new.display_name, ''), description = new.description, keywords = new.keywords
	WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_delete` AFTER DELETE ON `connectors` BEGIN
	DELETE FROM connectors_fts WHERE rowid = old.id;
END;
