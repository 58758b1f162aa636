CREATE TABLE `stock_product_flows` (
	`product_id` integer NOT NULL,
	`day` text NOT NULL,
	`received` integer NOT NULL,
	`released` integer NOT NULL,
	`movements` integer NOT NULL,
	PRIMARY KEY(`product_id`, `day`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
-- The flows so far, from the ledger: each day's receipts and releases per product, summed up to that day.
INSERT INTO `stock_product_flows` (`product_id`, `day`, `received`, `released`, `movements`)
SELECT `product_id`, `day`,
  sum(`received`) OVER (PARTITION BY `product_id` ORDER BY `day`),
  sum(`released`) OVER (PARTITION BY `product_id` ORDER BY `day`),
  sum(`movements`) OVER (PARTITION BY `product_id` ORDER BY `day`)
FROM (
  SELECT m.`product_id`, substr(m.`created_at`, 1, 10) AS `day`,
    sum(CASE WHEN d.`type_code` IN ('OIN', 'DIN', 'IIN') THEN m.`delta` ELSE 0 END) AS `received`,
    sum(CASE WHEN d.`type_code` IN ('OOU', 'DOU', 'IOU') THEN -m.`delta` ELSE 0 END) AS `released`,
    count(*) AS `movements`
  FROM `stock_movements` m JOIN `wms_documents` d ON d.`id` = m.`document_id`
  WHERE d.`type_code` IN ('OIN', 'DIN', 'IIN', 'OOU', 'DOU', 'IOU')
  GROUP BY m.`product_id`, substr(m.`created_at`, 1, 10)
);
