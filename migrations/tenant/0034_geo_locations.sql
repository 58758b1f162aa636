CREATE TABLE `geo_locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`address` text,
	`address_id` integer,
	`company_id` integer,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`address_id`) REFERENCES `addresses`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `geo_locations_name` ON `geo_locations` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `geo_locations_address` ON `geo_locations` (`address`,`id`);--> statement-breakpoint
CREATE INDEX `geo_locations_address_id` ON `geo_locations` (`address_id`,`id`);--> statement-breakpoint
CREATE INDEX `geo_locations_company` ON `geo_locations` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `geo_locations_created_at` ON `geo_locations` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `geo_locations_updated_at` ON `geo_locations` (`updated_at`,`id`);