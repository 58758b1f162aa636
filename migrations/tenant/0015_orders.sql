CREATE TABLE `wms_order_positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`quantity_real` integer,
	`source_location_id` integer,
	`source_container_id` integer,
	`destination_location_id` integer,
	`destination_container_id` integer,
	`comment` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `wms_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`source_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`source_container_id`) REFERENCES `containers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`destination_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`destination_container_id`) REFERENCES `containers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `wms_order_positions_order` ON `wms_order_positions` (`order_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_order_positions_product` ON `wms_order_positions` (`product_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_order_positions_source_location` ON `wms_order_positions` (`source_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_order_positions_destination_location` ON `wms_order_positions` (`destination_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_order_positions_source_container` ON `wms_order_positions` (`source_container_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_order_positions_destination_container` ON `wms_order_positions` (`destination_container_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_order_positions_created_at` ON `wms_order_positions` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `wms_order_scope_products` (
	`order_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	PRIMARY KEY(`order_id`, `product_id`),
	FOREIGN KEY (`order_id`) REFERENCES `wms_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `wms_order_scope_products_product` ON `wms_order_scope_products` (`product_id`,`order_id`);--> statement-breakpoint
CREATE TABLE `wms_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`type_code` text NOT NULL,
	`status_code` text NOT NULL,
	`process_status_code` text NOT NULL,
	`verification_status_code` text,
	`priority` text DEFAULT 'normal' NOT NULL,
	`contractor_id` integer,
	`scope_location_id` integer,
	`source_location_id` integer,
	`destination_location_id` integer,
	`planned_date` text,
	`deadline` text,
	`pack_by` text,
	`unpack_by` text,
	`assigned_user_id` integer,
	`closed_manually_reason` text,
	`comment` text,
	`source_type` text DEFAULT 'manual' NOT NULL,
	`summary_value` real,
	`offer_status` text,
	`delivery_terms` text,
	`payment_terms` text,
	`positions_count` integer DEFAULT 0 NOT NULL,
	`quantity_sum` integer DEFAULT 0 NOT NULL,
	`created_by_user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`contractor_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`scope_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`source_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`destination_location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`assigned_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wms_orders_number` ON `wms_orders` (`order_number`);--> statement-breakpoint
CREATE INDEX `wms_orders_type` ON `wms_orders` (`type_code`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_status` ON `wms_orders` (`status_code`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_process_status` ON `wms_orders` (`process_status_code`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_verification_status` ON `wms_orders` (`verification_status_code`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_pack_by` ON `wms_orders` (`pack_by`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_unpack_by` ON `wms_orders` (`unpack_by`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_positions_count` ON `wms_orders` (`positions_count`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_priority` ON `wms_orders` (`priority`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_contractor` ON `wms_orders` (`contractor_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_scope_location` ON `wms_orders` (`scope_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_source_location` ON `wms_orders` (`source_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_destination_location` ON `wms_orders` (`destination_location_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_planned_date` ON `wms_orders` (`planned_date`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_deadline` ON `wms_orders` (`deadline`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_assigned_user` ON `wms_orders` (`assigned_user_id`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_created_at` ON `wms_orders` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_updated_at` ON `wms_orders` (`updated_at`,`id`);