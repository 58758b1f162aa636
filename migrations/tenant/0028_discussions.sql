CREATE TABLE `discussion_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`discussion_id` integer NOT NULL,
	`user_id` integer,
	`text` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`discussion_id`) REFERENCES `discussions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discussion_messages_discussion` ON `discussion_messages` (`discussion_id`,`id`);--> statement-breakpoint
CREATE TABLE `discussions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ref_resource_type` text NOT NULL,
	`ref_resource_id` integer NOT NULL,
	`topic` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discussions_ref` ON `discussions` (`ref_resource_type`,`ref_resource_id`);