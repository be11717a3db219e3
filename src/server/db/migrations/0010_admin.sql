CREATE TABLE "active_user_counts" (
	"period_kind" text NOT NULL,
	"period_start" date NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "active_user_counts_period_kind_period_start_pk" PRIMARY KEY("period_kind","period_start")
);
--> statement-breakpoint
CREATE TABLE "active_user_periods" (
	"period_kind" text NOT NULL,
	"period_start" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "active_user_periods_period_kind_period_start_user_id_pk" PRIMARY KEY("period_kind","period_start","user_id")
);
--> statement-breakpoint
CREATE TABLE "tier_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"from_tier" text NOT NULL,
	"to_tier" text NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "developer_features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feature_name" text NOT NULL,
	"description" text NOT NULL,
	"rollout_plan" text,
	"status" text DEFAULT 'development' NOT NULL,
	"enabled_for_tiers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"production_ready_at" timestamp with time zone,
	"deployed_at" timestamp with time zone,
	CONSTRAINT "developer_features_feature_name_unique" UNIQUE("feature_name"),
	CONSTRAINT "developer_features_status_check" CHECK ("developer_features"."status" in ('development', 'testing', 'ready_for_production'))
);
--> statement-breakpoint
ALTER TABLE "tier_changes" ADD CONSTRAINT "tier_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tier_changes_user_idx" ON "tier_changes" USING btree ("user_id","changed_at");