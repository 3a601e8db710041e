CREATE TABLE `download_days` (
	`connector_id` integer NOT NULL,
	`day` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`connector_id`, `day`),
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connector_id` integer NOT NULL,
	`version` text NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` text NOT NULL,
	`resolved_at` text,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `reports_status_idx` ON `reports` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `reports_connector_status_idx` ON `reports` (`connector_id`,`status`);--> statement-breakpoint
ALTER TABLE `connectors` ADD `quality_score` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `connectors` ADD `stability` text;--> statement-breakpoint
CREATE INDEX `connectors_quality_idx` ON `connectors` ("quality_score" DESC,`name`);--> statement-breakpoint
ALTER TABLE `versions` ADD `warnings` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `malicious` text;