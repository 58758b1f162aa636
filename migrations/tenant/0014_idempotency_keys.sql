CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer,
	`content_type` text,
	`body` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_at` ON `idempotency_keys` (`created_at`);