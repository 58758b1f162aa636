CREATE TABLE `addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`street` text,
	`number` text,
	`city` text NOT NULL,
	`postal_code` text,
	`province` text,
	`country` text,
	`comment` text,
	`lat` real,
	`lng` real,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `addresses_street` ON `addresses` (`street`,`id`);--> statement-breakpoint
CREATE INDEX `addresses_city` ON `addresses` (`city`,`id`);--> statement-breakpoint
CREATE INDEX `addresses_postal_code` ON `addresses` (`postal_code`,`id`);--> statement-breakpoint
CREATE INDEX `addresses_province` ON `addresses` (`province`,`id`);--> statement-breakpoint
CREATE INDEX `addresses_country` ON `addresses` (`country`,`id`);--> statement-breakpoint
CREATE INDEX `addresses_created_at` ON `addresses` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `addresses_updated_at` ON `addresses` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `company_groups` (
	`company_id` integer NOT NULL,
	`dictionary_id` integer NOT NULL,
	PRIMARY KEY(`company_id`, `dictionary_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dictionary_id`) REFERENCES `dictionaries`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `company_groups_dictionary` ON `company_groups` (`dictionary_id`,`company_id`);--> statement-breakpoint
CREATE TABLE `company_tags` (
	`company_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`company_id`, `tag_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `company_tags_tag` ON `company_tags` (`tag_id`,`company_id`);--> statement-breakpoint
CREATE TABLE `dictionaries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`value` text NOT NULL,
	`group_name` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dictionaries_group_code` ON `dictionaries` (`group_name`,`code`,`id`);--> statement-breakpoint
CREATE INDEX `dictionaries_code` ON `dictionaries` (`code`,`id`);--> statement-breakpoint
CREATE INDEX `dictionaries_value` ON `dictionaries` (`value`,`id`);--> statement-breakpoint
CREATE INDEX `dictionaries_created_at` ON `dictionaries` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `dictionaries_updated_at` ON `dictionaries` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `dictionary_tags` (
	`dictionary_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`dictionary_id`, `tag_id`),
	FOREIGN KEY (`dictionary_id`) REFERENCES `dictionaries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `dictionary_tags_tag` ON `dictionary_tags` (`tag_id`,`dictionary_id`);--> statement-breakpoint
CREATE TABLE `person_tags` (
	`person_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`person_id`, `tag_id`),
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `person_tags_tag` ON `person_tags` (`tag_id`,`person_id`);--> statement-breakpoint
CREATE TABLE `persons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text,
	`phone_number` text,
	`skype` text,
	`position` text,
	`url` text,
	`description` text,
	`company_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `persons_first_name` ON `persons` (`first_name`,`id`);--> statement-breakpoint
CREATE INDEX `persons_last_name` ON `persons` (`last_name`,`id`);--> statement-breakpoint
CREATE INDEX `persons_email` ON `persons` (`email`,`id`);--> statement-breakpoint
CREATE INDEX `persons_phone_number` ON `persons` (`phone_number`,`id`);--> statement-breakpoint
CREATE INDEX `persons_position` ON `persons` (`position`,`id`);--> statement-breakpoint
CREATE INDEX `persons_company` ON `persons` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `persons_created_at` ON `persons` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `persons_updated_at` ON `persons` (`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`colour` text,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tags_name` ON `tags` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `tags_created_at` ON `tags` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tags_updated_at` ON `tags` (`updated_at`,`id`);--> statement-breakpoint
ALTER TABLE `companies` ADD `address_id` integer REFERENCES addresses(id);--> statement-breakpoint
CREATE INDEX `companies_full_name` ON `companies` (`full_name`,`id`);--> statement-breakpoint
CREATE INDEX `companies_tax_id` ON `companies` (`tax_id`,`id`);--> statement-breakpoint
CREATE INDEX `companies_tax_country` ON `companies` (`tax_country`,`id`);--> statement-breakpoint
CREATE INDEX `companies_office_mail` ON `companies` (`office_mail`,`id`);--> statement-breakpoint
CREATE INDEX `companies_office_phone` ON `companies` (`office_phone_number`,`id`);--> statement-breakpoint
CREATE INDEX `companies_address` ON `companies` (`address_id`,`id`);--> statement-breakpoint
CREATE INDEX `companies_created_at` ON `companies` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `companies_updated_at` ON `companies` (`updated_at`,`id`);