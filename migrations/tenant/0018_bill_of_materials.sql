ALTER TABLE `products` ADD `resources` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `wms_orders_offer_status` ON `wms_orders` (`offer_status`,`id`);