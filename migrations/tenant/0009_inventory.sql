CREATE INDEX `stock_lines_product_id` ON `stock_lines` (`product_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_location_id` ON `stock_lines` (`location_id`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_expiry` ON `stock_lines` (`expiry_date`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_production` ON `stock_lines` (`production_date`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_serial` ON `stock_lines` (`serial_number`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_quantity` ON `stock_lines` (`quantity`,`id`);--> statement-breakpoint
CREATE INDEX `stock_lines_created_at` ON `stock_lines` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `stock_movements_day` ON `stock_movements` (`created_at`,`product_id`,`document_id`,`delta`);--> statement-breakpoint
CREATE INDEX `stock_product_totals_quantity` ON `stock_product_totals` (`quantity`,`product_id`);