ALTER TABLE "connectors" ADD COLUMN "repository" text;--> statement-breakpoint
-- By hand (drizzle-kit writes no data): the documents' `repository` when a string, as connectorFields writes it.
UPDATE "connectors" SET "repository" = "document"::jsonb ->> 'repository' WHERE jsonb_typeof("document"::jsonb -> 'repository') = 'string';
