CREATE TABLE `shared_access_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`access_id` integer NOT NULL,
	`at` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`ip` text,
	FOREIGN KEY (`access_id`) REFERENCES `shared_accesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shared_access_uses_access` ON `shared_access_uses` (`access_id`,`id`);