CREATE TABLE `stock_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`document_id` integer NOT NULL,
	`document_position_id` integer NOT NULL,
	`line_key` text NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `wms_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `wms_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_position_id`) REFERENCES `wms_document_positions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stock_reservations_line` ON `stock_reservations` (`line_key`,`document_id`);--> statement-breakpoint
CREATE INDEX `stock_reservations_order` ON `stock_reservations` (`order_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_reservations_document` ON `stock_reservations` (`document_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_reservations_position` ON `stock_reservations` (`document_position_id`);--> statement-breakpoint
CREATE INDEX `stock_reservations_product` ON `stock_reservations` (`product_id`,`quantity`);--> statement-breakpoint
ALTER TABLE `wms_documents` ADD `order_id` integer REFERENCES wms_orders(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `wms_documents_order` ON `wms_documents` (`order_id`,`id`);