ALTER TABLE `wms_order_positions` ADD `expiry_date` text;--> statement-breakpoint
ALTER TABLE `wms_order_positions` ADD `production_date` text;--> statement-breakpoint
ALTER TABLE `wms_order_positions` ADD `serial_number` text;--> statement-breakpoint
ALTER TABLE `wms_order_positions` ADD `line_key` text;--> statement-breakpoint
ALTER TABLE `wms_order_positions` ADD `book_quantity` integer;--> statement-breakpoint
ALTER TABLE `wms_order_positions` ADD `counted_at_movement_id` integer;--> statement-breakpoint
ALTER TABLE `wms_order_positions` ADD `counted_at` text;--> statement-breakpoint
ALTER TABLE `wms_order_positions` ADD `counted_by_user_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `wms_order_positions_line` ON `wms_order_positions` (`order_id`,`line_key`);--> statement-breakpoint
CREATE INDEX `wms_order_positions_differing` ON `wms_order_positions` (`order_id`) WHERE "wms_order_positions"."quantity_real" IS NOT NULL AND "wms_order_positions"."quantity_real" <> "wms_order_positions"."book_quantity";--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `positions_done_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `quantity_done_sum` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `progress_percent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `production_product_id` integer REFERENCES products(id);--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `production_quantity` integer;--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `produced_quantity` integer;--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `count_mark` integer;--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `count_cursor` integer;--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `count_preparing` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `wms_orders` ADD `count_lines_total` integer;--> statement-breakpoint
CREATE INDEX `wms_orders_progress` ON `wms_orders` (`progress_percent`,`id`);--> statement-breakpoint
CREATE INDEX `wms_orders_production_product` ON `wms_orders` (`production_product_id`,`id`);