CREATE TABLE `client_account` (
	`id` integer PRIMARY KEY NOT NULL,
	`invoice_name` text NOT NULL,
	`tax_id` text,
	`addresses` text DEFAULT '[]' NOT NULL,
	`invoice_email` text,
	`subscription_type` text DEFAULT 'standard' NOT NULL,
	`subscription_code` text,
	`monthly_document_limit` integer DEFAULT 1000 NOT NULL,
	`extra_document_price_eur` real DEFAULT 0.05 NOT NULL,
	`extra_operations_budget` real DEFAULT 0 NOT NULL,
	`theme` text DEFAULT 'light' NOT NULL,
	`window_animations` integer DEFAULT true NOT NULL,
	`app_title` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `client_logistics_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `record_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` integer,
	`title` text,
	`old_object` text,
	`new_object` text,
	`user_id` integer,
	`user_name` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `record_log_resource` ON `record_log` (`resource_type`,`resource_id`,`id`);--> statement-breakpoint
CREATE INDEX `record_log_created_at` ON `record_log` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `system_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`level` text NOT NULL,
	`message` text NOT NULL,
	`exception` text,
	`source` text,
	`machine_name` text,
	`http_code` integer,
	`elapsed_ms` integer,
	`raise_date` text NOT NULL,
	`properties` text,
	`request_id` text
);
--> statement-breakpoint
CREATE INDEX `system_log_raise_date` ON `system_log` (`raise_date`,`id`);--> statement-breakpoint
CREATE TABLE `users` (
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
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_visible_name` ON `users` (`visible_name`,`id`);--> statement-breakpoint
CREATE INDEX `users_created_at` ON `users` (`created_at`,`id`);