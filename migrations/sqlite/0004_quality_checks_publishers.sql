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
CREATE TABLE `download_days` (
	`connector_id` integer NOT NULL,
	`day` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`connector_id`, `day`),
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `publisher_domains` (
	`publisher_id` integer NOT NULL,
	`domain` text NOT NULL,
	`challenge` text NOT NULL,
	`requested_at` text NOT NULL,
	`method` text,
	`verified_at` text,
	PRIMARY KEY(`publisher_id`, `domain`),
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `publisher_domains_verified_idx` ON `publisher_domains` (`domain`) WHERE "publisher_domains"."verified_at" IS NOT NULL;--> statement-breakpoint
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
ALTER TABLE `connectors` ADD `check_targets` text;--> statement-breakpoint
ALTER TABLE `connectors` ADD `check_lease` text;--> statement-breakpoint
ALTER TABLE `connectors` ADD `checked_at` text;--> statement-breakpoint
ALTER TABLE `connectors` ADD `check_summary` text;--> statement-breakpoint
CREATE INDEX `connectors_quality_idx` ON `connectors` ("quality_score" DESC,`name`);--> statement-breakpoint
CREATE INDEX `connectors_checked_idx` ON `connectors` (`checked_at`);--> statement-breakpoint
ALTER TABLE `publishers` ADD `verified_domains` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `publishers` ADD `unclaimed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `versions` ADD `warnings` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `malicious` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `provenance` text;