-- A count's preparation keeps the last stock line it read as text (server/domain/orders/counts.ts): its key
-- for a count of all stock (read in key order), its id for a count of part of it. A count preparing across
-- this change starts its lines again from the first; the lines it made already are not made twice (the
-- positions' unique (order_id, line_key)).
ALTER TABLE `wms_orders` ADD `count_cursor_key` text;--> statement-breakpoint
ALTER TABLE `wms_orders` DROP COLUMN `count_cursor`;