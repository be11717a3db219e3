CREATE TABLE "document_deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"user_document_id" uuid,
	"business_profile_id" text,
	"document_title" text NOT NULL,
	"document_file_name" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_notes" text,
	"completed_at" timestamp with time zone,
	CONSTRAINT "document_deletion_requests_status" CHECK ("document_deletion_requests"."status" in ('pending', 'approved', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "user_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_profile_id" text,
	"title" text NOT NULL,
	"description" text,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"mime_type" text NOT NULL,
	"file_bytes" "bytea" NOT NULL,
	"content" text,
	"page_count" integer,
	"status" text DEFAULT 'processing' NOT NULL,
	"processing_error" text,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"review_date" timestamp with time zone,
	"review_notes" text,
	"job_attempts" integer DEFAULT 0 NOT NULL,
	"job_locked_until" timestamp with time zone,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_documents_size" CHECK ("user_documents"."file_size" > 0 and "user_documents"."file_size" <= 26214400),
	CONSTRAINT "user_documents_status" CHECK ("user_documents"."status" in ('processing', 'ready', 'error')),
	CONSTRAINT "user_documents_approval" CHECK ("user_documents"."approval_status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "document_deletion_requests" ADD CONSTRAINT "document_deletion_requests_user_document_id_user_documents_id_fk" FOREIGN KEY ("user_document_id") REFERENCES "public"."user_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_deletion_requests_status_idx" ON "document_deletion_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "user_documents_user_idx" ON "user_documents" USING btree ("user_id","upload_date","id");--> statement-breakpoint
CREATE INDEX "user_documents_business_idx" ON "user_documents" USING btree ("business_profile_id");--> statement-breakpoint
CREATE INDEX "user_documents_review_idx" ON "user_documents" USING btree ("approval_status","upload_date","id");--> statement-breakpoint
CREATE INDEX "user_documents_jobs_idx" ON "user_documents" USING btree ("upload_date") WHERE "user_documents"."status" = 'processing';