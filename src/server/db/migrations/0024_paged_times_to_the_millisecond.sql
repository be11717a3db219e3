ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT date_trunc('milliseconds', now());--> statement-breakpoint
ALTER TABLE "help_requests" ALTER COLUMN "submitted_at" SET DEFAULT date_trunc('milliseconds', now());--> statement-breakpoint
ALTER TABLE "error_logs" ALTER COLUMN "timestamp" SET DEFAULT date_trunc('milliseconds', now());--> statement-breakpoint
ALTER TABLE "document_deletion_requests" ALTER COLUMN "requested_at" SET DEFAULT date_trunc('milliseconds', now());--> statement-breakpoint
ALTER TABLE "user_documents" ALTER COLUMN "upload_date" SET DEFAULT date_trunc('milliseconds', now());--> statement-breakpoint
-- Rows already stored with microseconds are truncated too, so paging through them cannot skip one.
UPDATE "users" SET "created_at" = date_trunc('milliseconds', "created_at") WHERE "created_at" <> date_trunc('milliseconds', "created_at");--> statement-breakpoint
UPDATE "help_requests" SET "submitted_at" = date_trunc('milliseconds', "submitted_at") WHERE "submitted_at" <> date_trunc('milliseconds', "submitted_at");--> statement-breakpoint
UPDATE "error_logs" SET "timestamp" = date_trunc('milliseconds', "timestamp") WHERE "timestamp" <> date_trunc('milliseconds', "timestamp");--> statement-breakpoint
UPDATE "document_deletion_requests" SET "requested_at" = date_trunc('milliseconds', "requested_at") WHERE "requested_at" <> date_trunc('milliseconds', "requested_at");--> statement-breakpoint
UPDATE "user_documents" SET "upload_date" = date_trunc('milliseconds', "upload_date") WHERE "upload_date" <> date_trunc('milliseconds', "upload_date");
