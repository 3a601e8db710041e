CREATE TABLE "publisher_domains" (
	"publisher_id" integer NOT NULL,
	"domain" text NOT NULL,
	"challenge" text NOT NULL,
	"requested_at" text NOT NULL,
	"method" text,
	"verified_at" text,
	CONSTRAINT "publisher_domains_publisher_id_domain_pk" PRIMARY KEY("publisher_id","domain")
);
--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "verified_domains" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "publishers" ADD COLUMN "unclaimed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "provenance" text;--> statement-breakpoint
ALTER TABLE "publisher_domains" ADD CONSTRAINT "publisher_domains_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_domains_verified_idx" ON "publisher_domains" USING btree ("domain") WHERE "publisher_domains"."verified_at" IS NOT NULL;