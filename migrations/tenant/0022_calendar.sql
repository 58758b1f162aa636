CREATE TABLE `calendar_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`start_date` text NOT NULL,
	`finish_date` text NOT NULL,
	`resource_sub_type` text DEFAULT 'none' NOT NULL,
	`user_id` integer,
	`location_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `calendar_events_start` ON `calendar_events` (`start_date`,`id`);--> statement-breakpoint
CREATE INDEX `calendar_events_finish` ON `calendar_events` (`finish_date`,`id`);--> statement-breakpoint
CREATE INDEX `calendar_events_title` ON `calendar_events` (`title`,`id`);--> statement-breakpoint
CREATE INDEX `calendar_events_sub_type` ON `calendar_events` (`resource_sub_type`,`id`);--> statement-breakpoint
CREATE INDEX `calendar_events_user` ON `calendar_events` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `calendar_events_location` ON `calendar_events` (`location_id`,`id`);--> statement-breakpoint
CREATE INDEX `calendar_events_created_at` ON `calendar_events` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `calendar_events_updated_at` ON `calendar_events` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`last_read_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_feeds_secret` ON `calendar_feeds` (`secret_hash`);