CREATE TABLE `import_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`record_type` text NOT NULL,
	`state` text NOT NULL,
	`total` integer NOT NULL,
	`user_id` integer,
	`started_at` text NOT NULL,
	`touched_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `import_runs_state` ON `import_runs` (`state`);--> statement-breakpoint
CREATE TABLE `import_writes` (
	`run_id` text NOT NULL,
	`seq` integer NOT NULL,
	`resource` text NOT NULL,
	`record_id` integer NOT NULL,
	`before` text,
	`log_from` integer NOT NULL,
	`log_to` integer NOT NULL,
	PRIMARY KEY(`run_id`, `seq`)
);
