-- Hand-written (the rows are computed in TypeScript, src/db/sqlite/sqlite-gram-rows.ts): for every one-gram
-- CJK query a connector matches (`股*`: one character, a prefix; `股票`: two characters), what bm25 ranks it
-- by: the title tier, the weighted instance count and the document length (FTS5's docsize). A one-character
-- query matches 13,000–19,000 of 100,000 connectors, and ranking every match cost ~10 ms (issue 29); with
-- these rows its page is computed from a few classes of rows and read by name (src/db/sqlite/sqlite-gram-page.ts).
-- The rows of connectors from before it are written at open, before any search (backfillGramRows), when the
-- meta row below says so.
CREATE TABLE `connector_grams` (
	`gram` text NOT NULL,
	`titled` integer NOT NULL,
	`freq` integer NOT NULL,
	`length` integer NOT NULL,
	`name` text NOT NULL,
	`connector_id` integer NOT NULL,
	PRIMARY KEY (`gram`, `titled`, `freq`, `length`, `name`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `connector_grams_connector_idx` ON `connector_grams` (`connector_id`);
--> statement-breakpoint
CREATE TRIGGER `connector_grams_delete` AFTER DELETE ON `connectors` BEGIN
	DELETE FROM connector_grams WHERE connector_id = old.id;
END;
--> statement-breakpoint
INSERT INTO `meta` (`key`, `value`) SELECT 'connector_grams', 'pending' WHERE EXISTS (SELECT 1 FROM `connectors`);
