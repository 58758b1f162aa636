CREATE TABLE `storage_space_maps` (
	`location_id` integer PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`svg` text NOT NULL,
	`view_box` text,
	`size_bytes` integer NOT NULL,
	`uploaded_at` text NOT NULL,
	`uploaded_by_name` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`location_id`) REFERENCES `storage_spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
