-- Names and times compare byte by byte ("C"), as SQLite's BINARY does, whatever the database's default
-- collation: listings sorted by name and keyset cursors (`name > $last`) then agree across both dialects,
-- and the indexes on these columns serve those ORDER BYs. drizzle-kit does not model collations.
ALTER TABLE "connectors" ALTER COLUMN "name" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "connectors" ALTER COLUMN "updated_at" SET DATA TYPE text COLLATE "C";
