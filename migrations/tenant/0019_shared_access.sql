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
CREATE INDEX `shared_access_uses_access` ON `shared_access_uses` (`access_id`,`id`);--> statement-breakpoint
CREATE TABLE `shared_accesses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`content_type` text NOT NULL,
	`contractor_id` integer NOT NULL,
	`person_id` integer,
	`duration_min` integer,
	`single_use` integer DEFAULT false NOT NULL,
	`allowed_origins` text DEFAULT '[]' NOT NULL,
	`token_hash` text NOT NULL,
	`short_key_hash` text NOT NULL,
	`expires_at` text,
	`used_at` text,
	`created_at` text NOT NULL,
	`created_by_user_id` integer,
	`created_by_name` text,
	`last_activation_at` text,
	`last_activation_ip` text,
	`withdrawn_at` text,
	`withdrawn_by_name` text,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`contractor_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shared_accesses_token_hash` ON `shared_accesses` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `shared_accesses_short_key_hash` ON `shared_accesses` (`short_key_hash`);--> statement-breakpoint
CREATE INDEX `shared_accesses_contractor` ON `shared_accesses` (`contractor_id`,`id`);--> statement-breakpoint
CREATE INDEX `shared_accesses_person` ON `shared_accesses` (`person_id`);--> statement-breakpoint
CREATE INDEX `shared_accesses_created_at` ON `shared_accesses` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `shared_accesses_content_type` ON `shared_accesses` (`content_type`,`id`);--> statement-breakpoint
CREATE INDEX `shared_accesses_updated_at` ON `shared_accesses` (`updated_at`,`id`);