CREATE TABLE `print_job_data` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `print_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `print_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`printer_id` integer NOT NULL,
	`kind` text NOT NULL,
	`type` text NOT NULL,
	`labels` integer NOT NULL,
	`bytes` integer NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`failure_reason` text,
	`failure_detail` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`sent_at` text,
	`finished_at` text,
	`created_by_user_id` integer,
	`created_by_name` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`printer_id`) REFERENCES `printers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `print_jobs_state` ON `print_jobs` (`state`,`id`);--> statement-breakpoint
CREATE INDEX `print_jobs_printer` ON `print_jobs` (`printer_id`,`id`);--> statement-breakpoint
CREATE INDEX `print_jobs_type` ON `print_jobs` (`type`,`id`);--> statement-breakpoint
CREATE INDEX `print_jobs_created_at` ON `print_jobs` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `print_jobs_finished_at` ON `print_jobs` (`finished_at`,`id`);--> statement-breakpoint
CREATE INDEX `print_jobs_updated_at` ON `print_jobs` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `print_sites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`agent_key_hash` text,
	`agent_key_made_at` text,
	`agent_key_made_by_name` text,
	`agent_name` text,
	`agent_version` text,
	`agent_connected_at` text,
	`agent_disconnected_at` text,
	`agent_last_seen_at` text,
	`agent_last_seen_ip` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `print_sites_name` ON `print_sites` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `print_sites_agent_last_seen_at` ON `print_sites` (`agent_last_seen_at`,`id`);--> statement-breakpoint
CREATE INDEX `print_sites_created_at` ON `print_sites` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `print_sites_updated_at` ON `print_sites` (`updated_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `print_sites_agent_key_hash` ON `print_sites` (`agent_key_hash`);--> statement-breakpoint
ALTER TABLE `printers` ADD `site_id` integer REFERENCES print_sites(id);--> statement-breakpoint
ALTER TABLE `printers` ADD `language` text DEFAULT 'zpl' NOT NULL;--> statement-breakpoint
CREATE INDEX `printers_site` ON `printers` (`site_id`,`id`);--> statement-breakpoint
CREATE INDEX `printers_language` ON `printers` (`language`,`id`);