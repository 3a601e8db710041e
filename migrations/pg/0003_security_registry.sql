CREATE TABLE "download_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "display_skeleton" text;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "readme_html" text;--> statement-breakpoint
CREATE INDEX "download_marks_day_idx" ON "download_marks" USING btree ("day");--> statement-breakpoint
CREATE INDEX "connectors_name_skeleton_idx" ON "connectors" USING btree ("name_skeleton");--> statement-breakpoint
CREATE INDEX "connectors_display_skeleton_idx" ON "connectors" USING btree ("display_skeleton");