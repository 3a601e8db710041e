CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oidc_jtis` (
	`issuer` text NOT NULL,
	`jti` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`issuer`, `jti`)
);
--> statement-breakpoint
CREATE INDEX `oidc_jtis_expires_idx` ON `oidc_jtis` (`expires_at`);--> statement-breakpoint
CREATE TABLE `oidc_tokens` (
	`hash` text PRIMARY KEY NOT NULL,
	`publisher_id` integer NOT NULL,
	`connector` text NOT NULL,
	`provenance` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `oidc_tokens_expires_idx` ON `oidc_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `rate_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_events_key_at_idx` ON `rate_events` (`key`,`at`);--> statement-breakpoint
CREATE INDEX `rate_events_at_idx` ON `rate_events` (`at`);--> statement-breakpoint
CREATE TABLE `signing_keys` (
	`keyid` text PRIMARY KEY NOT NULL,
	`public_key` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text,
	`revoked_at` text,
	`endorsement` text
);
--> statement-breakpoint
CREATE TABLE `tlog_checkpoints` (
	`size` integer PRIMARY KEY NOT NULL,
	`root` text NOT NULL,
	`note` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tlog_leaves` (
	`idx` integer PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`hash` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tlog_nodes` (
	`level` integer NOT NULL,
	`idx` integer NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`level`, `idx`)
);
--> statement-breakpoint
CREATE TABLE `trusted_publishers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connector` text NOT NULL,
	`publisher_id` integer NOT NULL,
	`issuer` text NOT NULL,
	`repository` text NOT NULL,
	`repository_owner_id` text,
	`workflow` text NOT NULL,
	`environment` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trusted_publishers_binding_idx` ON `trusted_publishers` (`connector`,`issuer`,`repository`,`workflow`,`environment`);--> statement-breakpoint
ALTER TABLE `connectors` ADD `i18n` text;--> statement-breakpoint
ALTER TABLE `connectors` ADD `search_extra` text;--> statement-breakpoint
ALTER TABLE `publishers` ADD `upstream_namespace` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `build_provenance` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `tool_snapshot` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `statement` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `signatures` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `log_index` integer;