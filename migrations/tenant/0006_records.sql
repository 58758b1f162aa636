CREATE TABLE `email_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`smtp_server` text NOT NULL,
	`smtp_port` integer NOT NULL,
	`login` text,
	`password` text,
	`address` text NOT NULL,
	`use_tls` integer DEFAULT true NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_accounts_smtp_server` ON `email_accounts` (`smtp_server`,`id`);--> statement-breakpoint
CREATE INDEX `email_accounts_login` ON `email_accounts` (`login`,`id`);--> statement-breakpoint
CREATE INDEX `email_accounts_address` ON `email_accounts` (`address`,`id`);--> statement-breakpoint
CREATE INDEX `email_accounts_created_at` ON `email_accounts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `email_accounts_updated_at` ON `email_accounts` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `email_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`language` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_templates_name` ON `email_templates` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `email_templates_code` ON `email_templates` (`code`,`id`);--> statement-breakpoint
CREATE INDEX `email_templates_subject` ON `email_templates` (`subject`,`id`);--> statement-breakpoint
CREATE INDEX `email_templates_language` ON `email_templates` (`language`,`id`);--> statement-breakpoint
CREATE INDEX `email_templates_created_at` ON `email_templates` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `email_templates_updated_at` ON `email_templates` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `print_layouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `print_layouts_name` ON `print_layouts` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `print_layouts_type` ON `print_layouts` (`type`,`id`);--> statement-breakpoint
CREATE INDEX `print_layouts_is_default` ON `print_layouts` (`is_default`,`id`);--> statement-breakpoint
CREATE INDEX `print_layouts_created_at` ON `print_layouts` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `print_layouts_updated_at` ON `print_layouts` (`updated_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `print_layouts_one_default` ON `print_layouts` (`type`) WHERE "print_layouts"."is_default" = 1;--> statement-breakpoint
CREATE INDEX `record_log_resource_id` ON `record_log` (`resource_id`,`id`);--> statement-breakpoint
CREATE INDEX `record_log_action` ON `record_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `record_log_user_name` ON `record_log` (`user_name`,`id`);--> statement-breakpoint
CREATE INDEX `system_log_level` ON `system_log` (`level`,`id`);--> statement-breakpoint
CREATE INDEX `system_log_source` ON `system_log` (`source`,`id`);--> statement-breakpoint
CREATE INDEX `system_log_http_code` ON `system_log` (`http_code`,`id`);--> statement-breakpoint
CREATE INDEX `system_log_elapsed_ms` ON `system_log` (`elapsed_ms`,`id`);--> statement-breakpoint
CREATE INDEX `system_log_request_id` ON `system_log` (`request_id`,`id`);