CREATE TABLE `second_factor_steps` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`method` text,
	`challenge` text,
	`ip` text,
	`user_agent` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `second_factor_steps_expires_at` ON `second_factor_steps` (`expires_at`);