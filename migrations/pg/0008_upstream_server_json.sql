ALTER TABLE "connectors" ADD COLUMN "upstream_name" text;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "server_json" text;--> statement-breakpoint
CREATE INDEX "connectors_upstream_name_idx" ON "connectors" USING btree ("upstream_name");