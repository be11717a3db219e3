CREATE TABLE "business_profiles" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"administrator_user_id" text NOT NULL,
	"company_name" text,
	"admin_email" text NOT NULL,
	"industry" text,
	"description" text,
	"website" text,
	"is_knowledge_base_setup" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"pilot_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"purchased_by" text,
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_profiles_pilot_count_check" CHECK ("business_profiles"."pilot_count" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "pilot_invitations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" text NOT NULL,
	"business_profile_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"pilot_user_id" text,
	CONSTRAINT "pilot_invitations_status_check" CHECK ("pilot_invitations"."status" in ('pending', 'accepted', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_administrator_user_id_users_id_fk" FOREIGN KEY ("administrator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_invitations" ADD CONSTRAINT "pilot_invitations_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_invitations" ADD CONSTRAINT "pilot_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_invitations" ADD CONSTRAINT "pilot_invitations_pilot_user_id_users_id_fk" FOREIGN KEY ("pilot_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_profiles_administrator_unique" ON "business_profiles" USING btree ("administrator_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pilot_invitations_token_hash_unique" ON "pilot_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pilot_invitations_one_pending" ON "pilot_invitations" USING btree ("business_profile_id","email") WHERE "pilot_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pilot_invitations_business_idx" ON "pilot_invitations" USING btree ("business_profile_id","status");