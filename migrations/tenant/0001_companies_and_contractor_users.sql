CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`short_name` text NOT NULL,
	`full_name` text,
	`tax_id` text,
	`tax_country` text,
	`key_role` text NOT NULL,
	`parent_id` integer,
	`bank_name` text,
	`bank_account_number` text,
	`swift` text,
	`payment_method` text,
	`office_mail` text,
	`office_phone_number` text,
	`website_url` text,
	`logo_url` text,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `companies_short_name` ON `companies` (`short_name`,`id`);--> statement-breakpoint
CREATE INDEX `companies_key_role` ON `companies` (`key_role`,`id`);--> statement-breakpoint
CREATE INDEX `companies_parent` ON `companies` (`parent_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`visible_name` text,
	`email` text NOT NULL,
	`phone_number` text,
	`password_hash` text NOT NULL,
	`default_language` text,
	`description` text,
	`blocked` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`is_super_user` integer DEFAULT false NOT NULL,
	`is_power_user` integer DEFAULT false NOT NULL,
	`logistics_enabled` integer DEFAULT false NOT NULL,
	`terminal_enabled` integer DEFAULT false NOT NULL,
	`shipping_enabled` integer DEFAULT false NOT NULL,
	`transport_enabled` integer DEFAULT false NOT NULL,
	`contractor_portal_enabled` integer DEFAULT false NOT NULL,
	`connected_contractor_id` integer,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`last_login_date` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`connected_contractor_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "username", "visible_name", "email", "phone_number", "password_hash", "default_language", "description", "blocked", "active", "is_super_user", "is_power_user", "logistics_enabled", "terminal_enabled", "shipping_enabled", "transport_enabled", "contractor_portal_enabled", "connected_contractor_id", "settings", "created_at", "updated_at", "last_login_date", "version") SELECT "id", "username", "visible_name", "email", "phone_number", "password_hash", "default_language", "description", "blocked", "active", "is_super_user", "is_power_user", "logistics_enabled", "terminal_enabled", "shipping_enabled", "transport_enabled", "contractor_portal_enabled", "connected_contractor_id", "settings", "created_at", "updated_at", "last_login_date", "version" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_visible_name` ON `users` (`visible_name`,`id`);--> statement-breakpoint
CREATE INDEX `users_created_at` ON `users` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_connected_contractor` ON `users` (`connected_contractor_id`);