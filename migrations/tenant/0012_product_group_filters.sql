CREATE INDEX `product_groups_colour` ON `product_groups` (`colour`,`id`);--> statement-breakpoint
CREATE INDEX `product_groups_icon` ON `product_groups` (`icon`,`id`);