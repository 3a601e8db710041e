-- pg_trgm (created by 0009; repeated so this migration stands on its own). By hand: drizzle-kit writes no extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "connector_search" ADD COLUMN "names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- By hand (drizzle-kit writes no data): existing rows get their names as pg-dialect.ts writes them, before the index.
UPDATE "connector_search" s SET "names" = c."name" || ' ' || lower(coalesce(c."upstream_name", '')) FROM "connectors" c WHERE c."id" = s."connector_id";--> statement-breakpoint
CREATE INDEX "connector_search_names_trgm_idx" ON "connector_search" USING gin ("names" gin_trgm_ops);
