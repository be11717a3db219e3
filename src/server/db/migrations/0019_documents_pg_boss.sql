ALTER TABLE "user_documents" DROP COLUMN "job_attempts";--> statement-breakpoint
ALTER TABLE "user_documents" DROP COLUMN "job_locked_until";