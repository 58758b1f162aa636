CREATE INDEX `companies_short_name_nocase` ON `companies` ("short_name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `dictionaries_group_code_nocase` ON `dictionaries` ("group_name" COLLATE NOCASE,"code" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `email_templates_code_nocase` ON `email_templates` ("code" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `geo_locations_name_nocase` ON `geo_locations` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `print_layouts_type_name_nocase` ON `print_layouts` ("type" COLLATE NOCASE,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `print_sites_name_nocase` ON `print_sites` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `printers_name_nocase` ON `printers` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `product_groups_name_nocase` ON `product_groups` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `storage_space_types_code_nocase` ON `storage_space_types` ("code" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `storage_spaces_label_nocase` ON `storage_spaces` ("label" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `tags_name_nocase` ON `tags` ("name" COLLATE NOCASE);