CREATE TABLE `file_infos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ref_resource_type` text NOT NULL,
	`ref_resource_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by_name` text
);
--> statement-breakpoint
CREATE INDEX `file_infos_ref` ON `file_infos` (`ref_resource_type`,`ref_resource_id`,`id`);