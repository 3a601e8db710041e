CREATE TABLE `connector_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connector_id` integer NOT NULL,
	`version` text,
	`checked_at` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`latency_ms` integer,
	`protocol_version` text,
	`tool_count` integer,
	`error` text,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `connector_checks_connector_idx` ON `connector_checks` (`connector_id`,`checked_at`);--> statement-breakpoint
ALTER TABLE `connectors` ADD `check_targets` text;--> statement-breakpoint
ALTER TABLE `connectors` ADD `check_lease` text;--> statement-breakpoint
ALTER TABLE `connectors` ADD `checked_at` text;--> statement-breakpoint
ALTER TABLE `connectors` ADD `check_summary` text;--> statement-breakpoint
CREATE INDEX `connectors_checked_idx` ON `connectors` (`checked_at`);