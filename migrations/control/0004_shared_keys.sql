CREATE TABLE `shared_keys` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`access_id` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `shared_keys_tenant` ON `shared_keys` (`tenant_id`,`access_id`);