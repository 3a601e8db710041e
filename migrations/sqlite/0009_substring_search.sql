DROP INDEX `connectors_name_id_idx`;--> statement-breakpoint
CREATE INDEX `connectors_name_upstream_idx` ON `connectors` (`name`,`id`,`upstream_name`);--> statement-breakpoint
-- Hand-written from here (drizzle-kit cannot model FTS5): the official listing's substring search
-- (`GET /v0.1/servers?search=`, src/db/sqlite/sqlite-server-list.ts) finds its candidates by trigram in
-- `names` (name and upstream name) and `description`, then checks them with instr as before (issue 29).
CREATE VIRTUAL TABLE `connectors_substr` USING fts5(
	names, description,
	tokenize = 'trigram',
	detail = 'none'
);
--> statement-breakpoint
INSERT INTO connectors_substr(rowid, names, description)
SELECT id, name || ' ' || coalesce(upstream_name, ''), description FROM connectors;
--> statement-breakpoint
CREATE TRIGGER `connectors_substr_insert` AFTER INSERT ON `connectors` BEGIN
	INSERT INTO connectors_substr(rowid, names, description)
	VALUES (new.id, new.name || ' ' || coalesce(new.upstream_name, ''), new.description);
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_substr_update` AFTER UPDATE OF name, upstream_name, description ON `connectors` BEGIN
	UPDATE connectors_substr
	SET names = new.name || ' ' || coalesce(new.upstream_name, ''), description = new.description
	WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_substr_delete` AFTER DELETE ON `connectors` BEGIN
	DELETE FROM connectors_substr WHERE rowid = old.id;
END;
