-- pg_trgm (a trusted extension since PostgreSQL 13: the database's owner may create it) for the trigram
-- index on descriptions below (issue 29); drizzle-kit does not write extensions, so this line is by hand.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "connectors_name_id_idx";--> statement-breakpoint
CREATE INDEX "connectors_name_upstream_idx" ON "connectors" USING btree ("name","id","upstream_name");--> statement-breakpoint
CREATE INDEX "connectors_description_trgm_idx" ON "connectors" USING gin (lower("description") gin_trgm_ops);