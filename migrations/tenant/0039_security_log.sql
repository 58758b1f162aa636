CREATE TABLE `security_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`event` text NOT NULL,
	`outcome` text NOT NULL,
	`user_id` integer,
	`user_name` text,
	`ip` text,
	`user_agent` text,
	`request_id` text,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `security_events_at` ON `security_events` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `security_events_event` ON `security_events` (`event`,`id`);--> statement-breakpoint
CREATE INDEX `security_events_outcome` ON `security_events` (`outcome`,`id`);--> statement-breakpoint
CREATE INDEX `security_events_user_id` ON `security_events` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `security_events_user_name` ON `security_events` (`user_name`,`id`);--> statement-breakpoint
CREATE INDEX `security_events_ip` ON `security_events` (`ip`,`id`);--> statement-breakpoint
CREATE INDEX `security_events_request_id` ON `security_events` (`request_id`,`id`);