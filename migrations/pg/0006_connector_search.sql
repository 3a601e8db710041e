CREATE TABLE "connector_search" (
	"connector_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connector_search" ADD CONSTRAINT "connector_search_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connector_search_idx" ON "connector_search" USING gin ("search");--> statement-breakpoint
-- Hand-written (drizzle-kit models neither): names compare byte by byte as on connectors (0001_collation),
-- and the table starts with every existing connector's name and vector.
ALTER TABLE "connector_search" ALTER COLUMN "name" SET DATA TYPE text COLLATE "C";
--> statement-breakpoint
INSERT INTO "connector_search" ("connector_id", "name", "search") SELECT "id", "name", "search" FROM "connectors";
