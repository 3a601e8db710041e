CREATE TABLE `connector_categories` (
	`category` text NOT NULL,
	`connector_id` integer NOT NULL,
	PRIMARY KEY(`category`, `connector_id`),
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `connectors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`publisher_id` integer NOT NULL,
	`display_name` text,
	`description` text NOT NULL,
	`keywords` text DEFAULT '[]' NOT NULL,
	`categories` text DEFAULT '[]' NOT NULL,
	`version` text,
	`latest` text,
	`downloads` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`document` text NOT NULL,
	`etag` text NOT NULL,
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connectors_name_unique` ON `connectors` (`name`);--> statement-breakpoint
CREATE INDEX `connectors_downloads_idx` ON `connectors` ("downloads" DESC,`name`);--> statement-breakpoint
CREATE INDEX `connectors_updated_idx` ON `connectors` ("updated_at" DESC,`name`);--> statement-breakpoint
CREATE INDEX `connectors_publisher_idx` ON `connectors` (`publisher_id`);--> statement-breakpoint
CREATE TABLE `dist_tags` (
	`connector_id` integer NOT NULL,
	`tag` text NOT NULL,
	`version` text NOT NULL,
	PRIMARY KEY(`connector_id`, `tag`),
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `publishers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `publishers_name_unique` ON `publishers` (`name`);--> statement-breakpoint
CREATE TABLE `tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`publisher_id` integer NOT NULL,
	`hash` text NOT NULL,
	`prefix` text NOT NULL,
	`label` text,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tokens_hash_unique` ON `tokens` (`hash`);--> statement-breakpoint
CREATE INDEX `tokens_prefix_idx` ON `tokens` (`prefix`);--> statement-breakpoint
CREATE TABLE `versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connector_id` integer NOT NULL,
	`version` text NOT NULL,
	`published_at` text NOT NULL,
	`yanked` integer DEFAULT false NOT NULL,
	`deprecated` text,
	`integrity` text NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`blob_key` text NOT NULL,
	`content` text NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`document` text NOT NULL,
	`etag` text NOT NULL,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `versions_connector_version_idx` ON `versions` (`connector_id`,`version`);