-- Hand-written (drizzle-kit cannot model FTS5): the official listing's name match (`GET /v0.1/servers?search=`,
-- src/db/sqlite/sqlite-server-list.ts) finds its candidates in a trigram table of the names alone. In
-- connectors_substr (0009) a needle's trigrams also hit every description holding them (detail=none keeps no
-- column), and each such row was read to recheck: 5 ms for a word in 167 names of 100,000 (issue 29).
CREATE VIRTUAL TABLE `connectors_names` USING fts5(
	names,
	tokenize = 'trigram',
	detail = 'none'
);
--> statement-breakpoint
INSERT INTO connectors_names(rowid, names)
SELECT id, name || ' ' || coalesce(upstream_name, '') FROM connectors;
--> statement-breakpoint
CREATE TRIGGER `connectors_names_insert` AFTER INSERT ON `connectors` BEGIN
	INSERT INTO connectors_names(rowid, names) VALUES (new.id, new.name || ' ' || coalesce(new.upstream_name, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_names_update` AFTER UPDATE OF name, upstream_name ON `connectors` BEGIN
	UPDATE connectors_names SET names = new.name || ' ' || coalesce(new.upstream_name, '') WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_names_delete` AFTER DELETE ON `connectors` BEGIN
	DELETE FROM connectors_names WHERE rowid = old.id;
END;
