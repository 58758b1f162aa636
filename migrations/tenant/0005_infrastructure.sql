CREATE TABLE `storage_space_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`colour` text,
	`icon` text,
	`description` text,
	`parent_id` integer,
	`handle_stock` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `storage_space_types`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `storage_space_types_code` ON `storage_space_types` (`code`);--> statement-breakpoint
CREATE INDEX `storage_space_types_parent` ON `storage_space_types` (`parent_id`,`id`);--> statement-breakpoint
CREATE INDEX `storage_space_types_handle_stock` ON `storage_space_types` (`handle_stock`,`id`);--> statement-breakpoint
CREATE INDEX `storage_space_types_created_at` ON `storage_space_types` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `storage_space_types_updated_at` ON `storage_space_types` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `storage_spaces` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`barcode` text NOT NULL,
	`description` text,
	`parent_id` integer,
	`path` text NOT NULL,
	`type_id` integer,
	`capacity_kg` real,
	`temperature` real,
	`coordinate_x` real,
	`coordinate_y` real,
	`coordinate_z` real,
	`dimension_x` real,
	`dimension_y` real,
	`dimension_z` real,
	`pickup_order` integer,
	`map_south_west_x` real,
	`map_south_west_y` real,
	`map_north_east_x` real,
	`map_north_east_y` real,
	`cooled` integer DEFAULT false NOT NULL,
	`outside` integer DEFAULT false NOT NULL,
	`protected` integer DEFAULT false NOT NULL,
	`default_location` integer DEFAULT false NOT NULL,
	`locked_in` integer DEFAULT false NOT NULL,
	`locked_out` integer DEFAULT false NOT NULL,
	`zone_receipt` integer DEFAULT false NOT NULL,
	`zone_release` integer DEFAULT false NOT NULL,
	`zone_picking` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`type_id`) REFERENCES `storage_space_types`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `storage_spaces_label` ON `storage_spaces` (`label`);--> statement-breakpoint
CREATE UNIQUE INDEX `storage_spaces_barcode` ON `storage_spaces` (`barcode`);--> statement-breakpoint
CREATE INDEX `storage_spaces_path` ON `storage_spaces` (`path`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_parent` ON `storage_spaces` (`parent_id`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_parent_path` ON `storage_spaces` (`parent_id`,`path`);--> statement-breakpoint
CREATE INDEX `storage_spaces_type` ON `storage_spaces` (`type_id`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_pickup_order` ON `storage_spaces` (`pickup_order`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_cooled` ON `storage_spaces` (`cooled`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_outside` ON `storage_spaces` (`outside`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_protected` ON `storage_spaces` (`protected`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_default_location` ON `storage_spaces` (`default_location`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_locked_in` ON `storage_spaces` (`locked_in`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_locked_out` ON `storage_spaces` (`locked_out`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_zone_receipt` ON `storage_spaces` (`zone_receipt`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_zone_release` ON `storage_spaces` (`zone_release`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_zone_picking` ON `storage_spaces` (`zone_picking`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_created_at` ON `storage_spaces` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `storage_spaces_updated_at` ON `storage_spaces` (`updated_at`,`id`);