CREATE TABLE `document_usage` (
	`month` text PRIMARY KEY NOT NULL,
	`documents` integer DEFAULT 0 NOT NULL,
	`extra_documents` integer DEFAULT 0 NOT NULL,
	`extra_cost` real DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
-- The months so far, counted from the documents confirmed in them (reverted ones were confirmed too); none billed as extra.
INSERT INTO `document_usage` (`month`, `documents`, `updated_at`)
SELECT substr(`executed_at`, 1, 7), count(*), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `wms_documents` WHERE `status_code` IN ('confirmed', 'reverted') AND `executed_at` IS NOT NULL
GROUP BY substr(`executed_at`, 1, 7);
