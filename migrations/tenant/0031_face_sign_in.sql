CREATE TABLE `face_samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`descriptor` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `face_samples_user` ON `face_samples` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `client_account` ADD `face_sign_in` integer DEFAULT false NOT NULL;