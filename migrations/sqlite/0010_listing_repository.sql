ALTER TABLE `connectors` ADD `repository` text;--> statement-breakpoint
-- By hand (drizzle-kit writes no data): the documents' `repository` when a string, as connectorFields writes it.
UPDATE `connectors` SET `repository` = json_extract(`document`, '$.repository') WHERE json_type(`document`, '$.repository') = 'text';
