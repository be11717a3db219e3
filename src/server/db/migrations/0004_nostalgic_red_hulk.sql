ALTER TABLE "error_logs" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "error_logs" ADD COLUMN "aggregate_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "error_logs_aggregate_key_idx" ON "error_logs" USING btree ("aggregate_key") WHERE "error_logs"."aggregate_key" is not null;