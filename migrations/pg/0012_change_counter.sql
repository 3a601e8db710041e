CREATE TABLE "change_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"xact" bigint
);--> statement-breakpoint
-- By hand (drizzle-kit writes no rows, functions or triggers): the one row, and what moves it. The result
-- caches (src/db/result-cache.ts) are kept while `n` stays the same. Deferred constraint triggers bump it at
-- commit, so the row is locked only while a transaction commits (never across a publish's blob upload, and
-- no deadlock: a committing transaction waits for nothing else) and `n` becomes visible with the changes
-- it announces. `xact`: a transaction of many rows bumps it once.
INSERT INTO "change_counter" ("id", "n") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "change_counter_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "change_counter" SET "n" = "n" + 1, "xact" = txid_current()
  WHERE "id" = 1 AND "xact" IS DISTINCT FROM txid_current();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "publishers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "publisher_domains" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "connectors" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "connector_search" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "connector_categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "dist_tags" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "meta" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "change_counter_bump" AFTER INSERT OR UPDATE OR DELETE ON "reports" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "change_counter_bump"();
