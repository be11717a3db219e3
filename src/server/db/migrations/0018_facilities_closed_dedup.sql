ALTER TABLE "facilities" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "dedup_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "source_rank" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "facilities_dedup_key_idx" ON "facilities" USING btree ("dedup_key","source_rank");