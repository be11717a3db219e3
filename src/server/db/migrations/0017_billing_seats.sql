ALTER TABLE "billing_customers" ADD COLUMN "seats_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD COLUMN "seats_synced_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD COLUMN "seat_quantity" integer DEFAULT 0 NOT NULL;