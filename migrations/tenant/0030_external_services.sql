CREATE TABLE `external_credentials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_type` text NOT NULL,
	`service_code_name` text NOT NULL,
	`base_url` text NOT NULL,
	`username` text,
	`secret` text,
	`description` text,
	`valid` integer DEFAULT false NOT NULL,
	`refresh_token_valid_until` text,
	`activation_code_hash` text,
	`activation_expires_at` text,
	`activated_at` text,
	`last_checked_at` text,
	`last_error` text,
	`job_kind` text,
	`job_status` text DEFAULT 'idle' NOT NULL,
	`job_processed` integer DEFAULT 0 NOT NULL,
	`job_total` integer,
	`job_error` text,
	`job_started_at` text,
	`job_finished_at` text,
	`job_beat_at` text,
	`created_at` text NOT NULL,
	`created_by_name` text,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `external_credentials_service_type` ON `external_credentials` (`service_type`,`id`);--> statement-breakpoint
CREATE INDEX `external_credentials_code_name` ON `external_credentials` (`service_code_name`,`id`);--> statement-breakpoint
CREATE INDEX `external_credentials_username` ON `external_credentials` (`username`,`id`);--> statement-breakpoint
CREATE INDEX `external_credentials_created_at` ON `external_credentials` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `external_credentials_updated_at` ON `external_credentials` (`updated_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `external_credentials_activation` ON `external_credentials` (`activation_code_hash`);--> statement-breakpoint
CREATE TABLE `product_externals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`credentials_id` integer NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`sku` text,
	`ean` text,
	`description` text,
	`image_url` text,
	`service_code_name` text NOT NULL,
	`username` text,
	`shop_stock` real,
	`product_id` integer,
	`linked_by` text,
	`imported_at` text NOT NULL,
	`pushed_stock` real,
	`pushed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`credentials_id`) REFERENCES `external_credentials`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_externals_external` ON `product_externals` (`credentials_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `product_externals_name` ON `product_externals` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `product_externals_sku` ON `product_externals` (`sku`,`id`);--> statement-breakpoint
CREATE INDEX `product_externals_ean` ON `product_externals` (`ean`,`id`);--> statement-breakpoint
CREATE INDEX `product_externals_product` ON `product_externals` (`product_id`,`id`);--> statement-breakpoint
CREATE INDEX `product_externals_code_name` ON `product_externals` (`service_code_name`,`id`);--> statement-breakpoint
CREATE INDEX `product_externals_imported_at` ON `product_externals` (`imported_at`,`id`);--> statement-breakpoint
CREATE INDEX `product_externals_created_at` ON `product_externals` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `product_externals_updated_at` ON `product_externals` (`updated_at`,`id`);