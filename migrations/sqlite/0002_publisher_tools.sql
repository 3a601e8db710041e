DROP INDEX `connectors_publisher_idx`;--> statement-breakpoint
CREATE INDEX `connectors_publisher_name_idx` ON `connectors` (`publisher_id`,`name`);--> statement-breakpoint
ALTER TABLE `versions` ADD `tools` text;