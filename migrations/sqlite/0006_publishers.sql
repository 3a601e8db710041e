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
ALTER TABLE `publishers` ADD `verified_domains` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `publishers` ADD `unclaimed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `versions` ADD `provenance` text;