CREATE TABLE `stock_location_loads` (
	`location_id` integer PRIMARY KEY NOT NULL,
	`weight_g` integer NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The weight already in stock at each location (before this summary was kept), in grams.
INSERT INTO `stock_location_loads` (`location_id`, `weight_g`)
SELECT t.`location_id`, sum(CAST(round(coalesce(p.`weight`, 0) * t.`quantity`) AS INTEGER))
FROM `stock_location_totals` t JOIN `products` p ON p.`id` = t.`product_id`
GROUP BY t.`location_id`;
