ALTER TABLE "flight_log_import_sessions" ADD COLUMN "kind" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_log_import_sessions" ADD COLUMN "payload" "bytea" DEFAULT ''::bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_log_import_sessions" DROP COLUMN "content";