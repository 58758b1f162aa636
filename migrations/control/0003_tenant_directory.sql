CREATE TABLE `instances` (
	`name` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`started_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `tenants` ADD `instance` text DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE `tenants` ADD `moving_to` text;