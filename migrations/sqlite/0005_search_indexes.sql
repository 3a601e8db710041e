CREATE INDEX `connector_categories_connector_idx` ON `connector_categories` (`connector_id`);--> statement-breakpoint
CREATE INDEX `connectors_name_id_idx` ON `connectors` (`name`,`id`);