PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_client_account` (
	`id` integer PRIMARY KEY NOT NULL,
	`invoice_name` text NOT NULL,
	`tax_id` text,
	`addresses` text DEFAULT '[]' NOT NULL,
	`invoice_email` text,
	`subscription_type` text DEFAULT 'standard' NOT NULL,
	`subscription_code` text,
	`monthly_document_limit` integer DEFAULT 0 NOT NULL,
	`extra_document_price_eur` real DEFAULT 0.05 NOT NULL,
	`extra_operations_budget` real DEFAULT 0 NOT NULL,
	`theme` text DEFAULT 'light' NOT NULL,
	`window_animations` integer DEFAULT true NOT NULL,
	`app_title` text,
	`base_currency` text DEFAULT 'EUR' NOT NULL,
	`face_sign_in` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_client_account`("id", "invoice_name", "tax_id", "addresses", "invoice_email", "subscription_type", "subscription_code", "monthly_document_limit", "extra_document_price_eur", "extra_operations_budget", "theme", "window_animations", "app_title", "base_currency", "face_sign_in", "created_at", "updated_at", "version") SELECT "id", "invoice_name", "tax_id", "addresses", "invoice_email", "subscription_type", "subscription_code", "monthly_document_limit", "extra_document_price_eur", "extra_operations_budget", "theme", "window_animations", "app_title", "base_currency", "face_sign_in", "created_at", "updated_at", "version" FROM `client_account`;--> statement-breakpoint
DROP TABLE `client_account`;--> statement-breakpoint
ALTER TABLE `__new_client_account` RENAME TO `client_account`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
-- Nothing is limited until the provider sets a subscription: an account still at the old defaults (1000
-- documents, 0.05 EUR, no budget) that the provider never changed (`tenant subscription` logs as "provider")
-- has no limit.
UPDATE `client_account` SET `monthly_document_limit` = 0
WHERE `monthly_document_limit` = 1000 AND `extra_document_price_eur` = 0.05 AND `extra_operations_budget` = 0
AND NOT EXISTS (SELECT 1 FROM `record_log` WHERE `resource_type` = 'ClientAccount' AND `user_name` = 'provider');
