DROP INDEX "connectors_publisher_idx";--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "tools" text;--> statement-breakpoint
CREATE INDEX "connectors_publisher_name_idx" ON "connectors" USING btree ("publisher_id","name");