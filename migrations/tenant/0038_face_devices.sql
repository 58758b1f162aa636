CREATE TABLE `face_challenges` (
	`nonce` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `face_challenges_expires` ON `face_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `face_devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`enrolled_by_user_id` integer,
	`enrolled_by_name` text NOT NULL,
	`enrolled_at` text NOT NULL,
	`last_used_at` text,
	`withdrawn_at` text,
	`withdrawn_by_name` text,
	FOREIGN KEY (`enrolled_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `face_samples` ADD `confirmed_at` text;--> statement-breakpoint
-- Faces enrolled before confirmations existed were taken by their user or an administrator: confirmed.
UPDATE `face_samples` SET `confirmed_at` = `created_at`;--> statement-breakpoint
-- Face sign-in never opens an administrator's session: their samples would be kept for nothing.
DELETE FROM `face_samples` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `is_super_user` = 1);
