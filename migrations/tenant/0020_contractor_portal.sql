CREATE TABLE `external_order_positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`external_order_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`quantity_received` integer,
	`received_at` text,
	`wms_order_position_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`external_order_id`) REFERENCES `external_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`wms_order_position_id`) REFERENCES `wms_order_positions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `external_order_positions_product` ON `external_order_positions` (`external_order_id`,`product_id`);--> statement-breakpoint
CREATE INDEX `external_order_positions_order` ON `external_order_positions` (`external_order_id`,`id`);--> statement-breakpoint
CREATE INDEX `external_order_positions_product_id` ON `external_order_positions` (`product_id`,`id`);--> statement-breakpoint
CREATE INDEX `external_order_positions_wms` ON `external_order_positions` (`wms_order_position_id`);--> statement-breakpoint
CREATE INDEX `external_order_positions_created_at` ON `external_order_positions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `external_order_positions_updated_at` ON `external_order_positions` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `external_order_positions_quantity` ON `external_order_positions` (`quantity`,`id`);--> statement-breakpoint
CREATE TABLE `external_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contractor_id` integer NOT NULL,
	`type_code` text NOT NULL,
	`order_number` text,
	`status_code` text NOT NULL,
	`delivery_date` text,
	`comment` text,
	`wms_order_id` integer,
	`positions_count` integer DEFAULT 0 NOT NULL,
	`quantity_sum` integer DEFAULT 0 NOT NULL,
	`created_by_user_id` integer NOT NULL,
	`created_by_name` text,
	`submitted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`contractor_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`wms_order_id`) REFERENCES `wms_orders`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `external_orders_cart` ON `external_orders` (`created_by_user_id`,`type_code`) WHERE "external_orders"."status_code" = 'cart';--> statement-breakpoint
CREATE UNIQUE INDEX `external_orders_wms_order` ON `external_orders` (`wms_order_id`);--> statement-breakpoint
CREATE INDEX `external_orders_contractor` ON `external_orders` (`contractor_id`,`id`);--> statement-breakpoint
CREATE INDEX `external_orders_number` ON `external_orders` (`order_number`,`id`);--> statement-breakpoint
CREATE INDEX `external_orders_status` ON `external_orders` (`status_code`,`id`);--> statement-breakpoint
CREATE INDEX `external_orders_type` ON `external_orders` (`type_code`,`id`);--> statement-breakpoint
CREATE INDEX `external_orders_delivery_date` ON `external_orders` (`delivery_date`,`id`);--> statement-breakpoint
CREATE INDEX `external_orders_submitted_at` ON `external_orders` (`submitted_at`,`id`);--> statement-breakpoint
CREATE INDEX `external_orders_created_at` ON `external_orders` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `external_orders_updated_at` ON `external_orders` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `external_orders_positions_count` ON `external_orders` (`positions_count`,`id`);--> statement-breakpoint
-- A portal order's status follows its warehouse order on every change of it, whichever verb made it
-- (server/domain/portal/table.ts): not yet confirmed by staff → submitted; everything done → fully received;
-- something done → partially received; documents being worked on → in progress; else sent. Its number is
-- the warehouse order's (a draft number until staff confirm it).
CREATE TRIGGER `external_orders_follow` AFTER UPDATE OF `order_number`, `status_code`, `process_status_code`, `quantity_done_sum`, `quantity_sum` ON `wms_orders`
BEGIN
	UPDATE `external_orders` SET `status_code` = CASE
		WHEN NEW.`status_code` = 'workingCopy' THEN 'submitted'
		WHEN NEW.`process_status_code` = 'closedFully' OR (NEW.`quantity_sum` > 0 AND NEW.`quantity_done_sum` >= NEW.`quantity_sum`) THEN 'fullyReceived'
		WHEN NEW.`quantity_done_sum` > 0 THEN 'partiallyReceived'
		WHEN NEW.`process_status_code` IN ('inProgress', 'doneUnconfirmed') THEN 'inProgress'
		ELSE 'sent'
	END, `order_number` = NEW.`order_number`, `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `version` = `version` + 1
	WHERE `wms_order_id` = NEW.`id`;
END;
