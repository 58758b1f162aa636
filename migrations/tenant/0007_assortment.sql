CREATE TABLE `exchange_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`currency_sign` text NOT NULL,
	`short_name` text,
	`full_name` text,
	`base_rate` real NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exchange_rates_currency_sign` ON `exchange_rates` (`currency_sign`);--> statement-breakpoint
CREATE INDEX `exchange_rates_short_name` ON `exchange_rates` (`short_name`,`id`);--> statement-breakpoint
CREATE INDEX `exchange_rates_full_name` ON `exchange_rates` (`full_name`,`id`);--> statement-breakpoint
CREATE INDEX `exchange_rates_base_rate` ON `exchange_rates` (`base_rate`,`id`);--> statement-breakpoint
CREATE INDEX `exchange_rates_created_at` ON `exchange_rates` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `exchange_rates_updated_at` ON `exchange_rates` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `product_barcodes` (
	`product_id` integer NOT NULL,
	`barcode` text NOT NULL,
	PRIMARY KEY(`product_id`, `barcode`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_barcodes_barcode` ON `product_barcodes` (`barcode`);--> statement-breakpoint
CREATE TABLE `product_group_links` (
	`product_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	PRIMARY KEY(`product_id`, `group_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `product_groups`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `product_group_links_group` ON `product_group_links` (`group_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`product_index` text NOT NULL,
	`sap_id` text,
	`description` text,
	`unit` text,
	`weight` real,
	`dimension_x` real,
	`dimension_y` real,
	`dimension_z` real,
	`cash_value` real,
	`image_url` text,
	`main_group_id` integer,
	`contractor_id` integer,
	`default_location_id` integer,
	`pal_quantity` real,
	`warning_stock` real,
	`critical_stock` real,
	`min_temperature` real,
	`max_temperature` real,
	`minimal_exp_days` integer,
	`receipt_comment` text,
	`release_comment` text,
	`internal_comment` text,
	`contractor_portal_comment` text,
	`custom_fields` text DEFAULT '[]' NOT NULL,
	`fragile` integer DEFAULT false NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`contractor_portal_hide` integer DEFAULT false NOT NULL,
	`lock_in` integer DEFAULT false NOT NULL,
	`lock_out` integer DEFAULT false NOT NULL,
	`lock_relocate` integer DEFAULT false NOT NULL,
	`expiry_date_visible` integer DEFAULT false NOT NULL,
	`expiry_date_required` integer DEFAULT false NOT NULL,
	`production_date_visible` integer DEFAULT false NOT NULL,
	`production_date_required` integer DEFAULT false NOT NULL,
	`serial_number_visible` integer DEFAULT false NOT NULL,
	`serial_number_required` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`main_group_id`) REFERENCES `product_groups`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`contractor_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`default_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_index` ON `products` (`product_index`);--> statement-breakpoint
CREATE INDEX `products_name` ON `products` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `products_sap_id` ON `products` (`sap_id`,`id`);--> statement-breakpoint
CREATE INDEX `products_unit` ON `products` (`unit`,`id`);--> statement-breakpoint
CREATE INDEX `products_weight` ON `products` (`weight`,`id`);--> statement-breakpoint
CREATE INDEX `products_cash_value` ON `products` (`cash_value`,`id`);--> statement-breakpoint
CREATE INDEX `products_main_group` ON `products` (`main_group_id`,`id`);--> statement-breakpoint
CREATE INDEX `products_contractor` ON `products` (`contractor_id`,`contractor_portal_hide`,`id`);--> statement-breakpoint
CREATE INDEX `products_default_location` ON `products` (`default_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `products_warning_stock` ON `products` (`warning_stock`,`id`);--> statement-breakpoint
CREATE INDEX `products_critical_stock` ON `products` (`critical_stock`,`id`);--> statement-breakpoint
CREATE INDEX `products_fragile` ON `products` (`fragile`,`id`);--> statement-breakpoint
CREATE INDEX `products_disabled` ON `products` (`disabled`,`id`);--> statement-breakpoint
CREATE INDEX `products_contractor_portal_hide` ON `products` (`contractor_portal_hide`,`id`);--> statement-breakpoint
CREATE INDEX `products_created_at` ON `products` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_updated_at` ON `products` (`updated_at`,`id`);