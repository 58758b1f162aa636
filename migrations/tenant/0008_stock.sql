CREATE TABLE `containers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`location_id` integer NOT NULL,
	`description` text,
	`locked_in` integer DEFAULT false NOT NULL,
	`locked_out` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `containers_number` ON `containers` (`number`);--> statement-breakpoint
CREATE INDEX `containers_kind` ON `containers` (`kind`,`id`);--> statement-breakpoint
CREATE INDEX `containers_location` ON `containers` (`location_id`,`id`);--> statement-breakpoint
CREATE INDEX `containers_locked_in` ON `containers` (`locked_in`,`id`);--> statement-breakpoint
CREATE INDEX `containers_locked_out` ON `containers` (`locked_out`,`id`);--> statement-breakpoint
CREATE INDEX `containers_created_at` ON `containers` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `containers_updated_at` ON `containers` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `numbering_counters` (
	`scope` text NOT NULL,
	`period` text NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`scope`, `period`)
);
--> statement-breakpoint
CREATE TABLE `stock_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`line_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`container_id` integer,
	`expiry_date` text,
	`production_date` text,
	`serial_number` text,
	`quantity` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`container_id`) REFERENCES `containers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_lines_key` ON `stock_lines` (`line_key`);--> statement-breakpoint
CREATE INDEX `stock_lines_product` ON `stock_lines` (`product_id`,`location_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_location` ON `stock_lines` (`location_id`,`product_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_container` ON `stock_lines` (`container_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_product_expiry` ON `stock_lines` (`product_id`,`expiry_date`,`id`);--> statement-breakpoint
CREATE TABLE `stock_location_totals` (
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`product_id`, `location_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `stock_location_totals_location` ON `stock_location_totals` (`location_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`position_id` integer,
	`line_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`container_id` integer,
	`expiry_date` text,
	`production_date` text,
	`serial_number` text,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stock_movements_document` ON `stock_movements` (`document_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_movements_key` ON `stock_movements` (`line_key`,`id`);--> statement-breakpoint
CREATE INDEX `stock_movements_product` ON `stock_movements` (`product_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `stock_movements_created_at` ON `stock_movements` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `stock_product_totals` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE TABLE `wms_document_positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`quantity_real` integer,
	`quantity_left` integer NOT NULL,
	`unit_price` real,
	`value` real,
	`expiry_date` text,
	`production_date` text,
	`serial_number` text,
	`source_location_id` integer,
	`source_container_id` integer,
	`destination_location_id` integer,
	`destination_container_id` integer,
	`product_comment` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `wms_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`source_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`source_container_id`) REFERENCES `containers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`destination_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`destination_container_id`) REFERENCES `containers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `wms_document_positions_document` ON `wms_document_positions` (`document_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_document_positions_product` ON `wms_document_positions` (`product_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_document_positions_source_location` ON `wms_document_positions` (`source_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_document_positions_destination_location` ON `wms_document_positions` (`destination_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_document_positions_source_container` ON `wms_document_positions` (`source_container_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_document_positions_destination_container` ON `wms_document_positions` (`destination_container_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_document_positions_created_at` ON `wms_document_positions` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `wms_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_number` text NOT NULL,
	`type_code` text NOT NULL,
	`status_code` text NOT NULL,
	`contractor_id` integer,
	`planned_date` text,
	`executed_at` text,
	`reported_date` text,
	`deadline` text,
	`source_location_id` integer,
	`source_container_id` integer,
	`destination_location_id` integer,
	`destination_container_id` integer,
	`preceding_document_id` integer,
	`preceding_document_number` text,
	`transport_document_id` integer,
	`transport_document_number` text,
	`comment` text,
	`system_comments` text,
	`assigned_user_id` integer,
	`generated` integer DEFAULT false NOT NULL,
	`positions_count` integer DEFAULT 0 NOT NULL,
	`confirmed_positions_count` integer DEFAULT 0 NOT NULL,
	`quantity_sum` integer DEFAULT 0 NOT NULL,
	`quantity_real_sum` integer DEFAULT 0 NOT NULL,
	`progress_percent` integer DEFAULT 0 NOT NULL,
	`created_by_user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`contractor_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`source_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`source_container_id`) REFERENCES `containers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`destination_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`destination_container_id`) REFERENCES `containers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`preceding_document_id`) REFERENCES `wms_documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wms_documents_number` ON `wms_documents` (`document_number`);--> statement-breakpoint
CREATE INDEX `wms_documents_type` ON `wms_documents` (`type_code`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_status` ON `wms_documents` (`status_code`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_contractor` ON `wms_documents` (`contractor_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_planned_date` ON `wms_documents` (`planned_date`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_executed_at` ON `wms_documents` (`executed_at`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_deadline` ON `wms_documents` (`deadline`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_source_location` ON `wms_documents` (`source_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_destination_location` ON `wms_documents` (`destination_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_source_container` ON `wms_documents` (`source_container_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_destination_container` ON `wms_documents` (`destination_container_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_preceding` ON `wms_documents` (`preceding_document_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_assigned_user` ON `wms_documents` (`assigned_user_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_progress` ON `wms_documents` (`progress_percent`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_created_at` ON `wms_documents` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wms_documents_updated_at` ON `wms_documents` (`updated_at`,`id`);