CREATE TABLE `download_marks` (
	`key` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `download_marks_day_idx` ON `download_marks` (`day`);--> statement-breakpoint
ALTER TABLE `connectors` ADD `name_skeleton` text;--> statement-breakpoint
ALTER TABLE `connectors` ADD `display_skeleton` text;--> statement-breakpoint
CREATE INDEX `connectors_name_skeleton_idx` ON `connectors` (`name_skeleton`);--> statement-breakpoint
CREATE INDEX `connectors_display_skeleton_idx` ON `connectors` (`display_skeleton`);--> statement-breakpoint
ALTER TABLE `versions` ADD `readme_html` text;