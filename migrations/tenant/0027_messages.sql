CREATE TABLE `message_recipients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`name` text,
	`address` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`error` text,
	`sent_at` text,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_recipients_message` ON `message_recipients` (`message_id`,`id`);--> statement-breakpoint
CREATE INDEX `message_recipients_due` ON `message_recipients` (`next_attempt_at`) WHERE "message_recipients"."status" = 'queued';--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`html` integer DEFAULT false NOT NULL,
	`sender_name` text,
	`email_account_id` integer,
	`template_id` integer,
	`recipient_tags` text DEFAULT '[]' NOT NULL,
	`ref_resource_type` text,
	`ref_resource_id` integer,
	`file_ids` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`recipient_count` integer DEFAULT 0 NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`sms_segments` integer,
	`sms_encoding` text,
	`last_error` text,
	`send_date` text,
	`created_by_user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_created_at` ON `messages` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `messages_updated_at` ON `messages` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `messages_send_date` ON `messages` (`send_date`,`id`);--> statement-breakpoint
CREATE INDEX `messages_subject` ON `messages` (`subject`,`id`);--> statement-breakpoint
CREATE INDEX `messages_channel` ON `messages` (`channel`,`id`);--> statement-breakpoint
CREATE INDEX `messages_status` ON `messages` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `messages_ref` ON `messages` (`ref_resource_type`,`ref_resource_id`,`id`);