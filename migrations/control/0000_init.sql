CREATE TABLE `auth_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_codes_user` ON `auth_codes` (`tenant_id`,`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text,
	`revoked_reason` text,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_user` ON `auth_sessions` (`tenant_id`,`user_id`);--> statement-breakpoint
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
CREATE INDEX `system_log_raise_date` ON `system_log` (`raise_date`);--> statement-breakpoint
CREATE TABLE `global_logins` (
	`username` text PRIMARY KEY NOT NULL,
	`tenant_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`email` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `global_logins_tenant_user` ON `global_logins` (`tenant_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `global_logins_email` ON `global_logins` (`email`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`rotated_at` text,
	FOREIGN KEY (`session_id`) REFERENCES `auth_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `refresh_tokens_session` ON `refresh_tokens` (`session_id`);--> statement-breakpoint
CREATE TABLE `tenants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`company_name` text NOT NULL,
	`tax_id` text,
	`status` text NOT NULL,
	`db_url` text NOT NULL,
	`language` text DEFAULT 'en-us' NOT NULL,
	`admin_user_id` integer,
	`created_at` text NOT NULL,
	`approved_at` text,
	`suspended_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_slug_unique` ON `tenants` (`slug`);