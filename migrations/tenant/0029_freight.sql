CREATE TABLE `shipment_tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shipment_number` text NOT NULL,
	`status_code` text DEFAULT 'workingCopy' NOT NULL,
	`pickup_point` text,
	`pickup_country` text,
	`pickup_time` text,
	`delivery_point` text,
	`delivery_country` text,
	`delivery_time` text,
	`load_weight` real,
	`load_pal_count` integer,
	`load_text_information` text,
	`description` text,
	`carrier_id` integer,
	`assigned_offer_id` integer,
	`offers_count` integer DEFAULT 0 NOT NULL,
	`published_at` text,
	`created_by_user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`carrier_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipment_tickets_number` ON `shipment_tickets` (`shipment_number`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_status` ON `shipment_tickets` (`status_code`,`id`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_pickup_time` ON `shipment_tickets` (`pickup_time`,`id`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_delivery_time` ON `shipment_tickets` (`delivery_time`,`id`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_pickup_country` ON `shipment_tickets` (`pickup_country`,`id`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_delivery_country` ON `shipment_tickets` (`delivery_country`,`id`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_carrier` ON `shipment_tickets` (`carrier_id`,`id`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_created_at` ON `shipment_tickets` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_updated_at` ON `shipment_tickets` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `shipment_tickets_published_at` ON `shipment_tickets` (`published_at`,`id`);--> statement-breakpoint
CREATE TABLE `transport_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`from_warehouse` integer NOT NULL,
	`user_id` integer,
	`author_name` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `shipment_tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`carrier_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `transport_messages_ticket` ON `transport_messages` (`ticket_id`,`carrier_id`,`id`);--> statement-breakpoint
CREATE INDEX `transport_messages_carrier` ON `transport_messages` (`carrier_id`,`id`);--> statement-breakpoint
CREATE INDEX `transport_messages_created_at` ON `transport_messages` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `transport_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`status_code` text DEFAULT 'submitted' NOT NULL,
	`price` real NOT NULL,
	`currency` text NOT NULL,
	`pickup_time` text,
	`delivery_time` text,
	`comment` text,
	`created_by_user_id` integer,
	`created_by_name` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `shipment_tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`carrier_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transport_offers_ticket_carrier` ON `transport_offers` (`ticket_id`,`carrier_id`);--> statement-breakpoint
CREATE INDEX `transport_offers_carrier` ON `transport_offers` (`carrier_id`,`id`);--> statement-breakpoint
CREATE INDEX `transport_offers_status` ON `transport_offers` (`status_code`,`id`);--> statement-breakpoint
CREATE INDEX `transport_offers_price` ON `transport_offers` (`price`,`id`);--> statement-breakpoint
CREATE INDEX `transport_offers_created_at` ON `transport_offers` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `transport_offers_updated_at` ON `transport_offers` (`updated_at`,`id`);