CREATE TABLE `import_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`phase` text NOT NULL,
	`checked` integer NOT NULL,
	`processed` integer NOT NULL,
	`total` integer NOT NULL,
	`result` text,
	`error` text,
	`user_id` integer,
	`started_at` text NOT NULL,
	`touched_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `import_jobs_started` ON `import_jobs` (`started_at`);