-- Hand-written (drizzle-kit cannot model FTS5): each connector's description reversed, character by
-- character, in a word index (issue 29). A two-word listing needle (`GET /v0.1/servers?search=`, src/db/sqlite/
-- sqlite-server-list.ts) is held only by descriptions with a word ending in its first part: a word of the
-- reversed text starting with that part reversed (`"kcots"*` for `stock prices`), which narrows the ~2,000
-- descriptions holding a word that starts with its last part to a few dozen before each is read.
-- Written by the data layer with each connector (src/db/sqlite/sqlite-reversed.ts: a trigger can neither reverse
-- a text nor hold a CTE); filled here for the rows stored before it, by a recursive CTE (~5 s at 100,000).
CREATE VIRTUAL TABLE `connectors_rev` USING fts5(
	rev,
	tokenize = 'unicode61 remove_diacritics 2',
	detail = 'none'
);
--> statement-breakpoint
INSERT INTO connectors_rev(rowid, rev)
WITH RECURSIVE r(id, rest, out) AS (
	SELECT id, description, '' FROM connectors
	UNION ALL SELECT id, substr(rest, 2), substr(rest, 1, 1) || out FROM r WHERE rest <> ''
)
SELECT id, out FROM r WHERE rest = '';
--> statement-breakpoint
CREATE TRIGGER `connectors_rev_delete` AFTER DELETE ON `connectors` BEGIN
	DELETE FROM connectors_rev WHERE rowid = old.id;
END;
