-- A count's preparation reads its stock lines in key order (server/domain/orders/counts.ts): the cursor is the
-- last line's key. A count preparing across this change starts its lines again from the first key; the lines
-- it has made already are not made twice (the positions' unique (order_id, line_key)).
ALTER TABLE `wms_orders` ADD `count_cursor_key` text;--> statement-breakpoint
ALTER TABLE `wms_orders` DROP COLUMN `count_cursor`;