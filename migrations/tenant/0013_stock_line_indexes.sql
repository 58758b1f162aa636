DROP INDEX `stock_lines_product`;--> statement-breakpoint
DROP INDEX `stock_lines_product_expiry`;