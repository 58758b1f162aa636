CREATE TABLE `product_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`colour` text,
	`icon` text,
	`assigned_user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`assigned_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `product_groups_name` ON `product_groups` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `product_groups_assigned_user` ON `product_groups` (`assigned_user_id`,`id`);--> statement-breakpoint
CREATE INDEX `product_groups_created_at` ON `product_groups` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `product_groups_updated_at` ON `product_groups` (`updated_at`,`id`);