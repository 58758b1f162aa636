ALTER TABLE `stock_movements` ADD `balance_after` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each movement's balance so far, from the ledger: the running sum of its key's deltas in id order.
UPDATE `stock_movements` SET `balance_after` = b.`running`
FROM (
  SELECT `id`, sum(`delta`) OVER (PARTITION BY `line_key` ORDER BY `id`) AS `running` FROM `stock_movements`
) AS b
WHERE `stock_movements`.`id` = b.`id`;--> statement-breakpoint
CREATE INDEX `stock_movements_starts` ON `stock_movements` (`line_key`,`id`) WHERE "stock_movements"."balance_after" = "stock_movements"."delta" AND "stock_movements"."delta" > 0;
