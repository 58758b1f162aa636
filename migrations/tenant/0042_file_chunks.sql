CREATE TABLE `file_chunks` (
	`storage_key` text NOT NULL,
	`seq` integer NOT NULL,
	`bytes` blob NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_chunks_key_seq` ON `file_chunks` (`storage_key`,`seq`);--> statement-breakpoint
CREATE TRIGGER `file_infos_chunks_gone` AFTER DELETE ON `file_infos` BEGIN
	DELETE FROM `file_chunks` WHERE `storage_key` = old.`storage_key`;
END;
