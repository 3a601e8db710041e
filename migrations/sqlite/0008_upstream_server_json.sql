ALTER TABLE `connectors` ADD `upstream_name` text;--> statement-breakpoint
CREATE INDEX `connectors_upstream_name_idx` ON `connectors` (`upstream_name`);--> statement-breakpoint
ALTER TABLE `versions` ADD `server_json` text;