CREATE TABLE "drones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"name" text,
	"unique_identifier" text NOT NULL,
	"serial_number" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text,
	"custom_manufacturer" text,
	"custom_model" text,
	"faa_registration" text,
	"flight_hours" double precision DEFAULT 0 NOT NULL,
	"assigned_pilot_id" text,
	"registration_date" date,
	"last_maintenance_date" date,
	"notes" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drones_flight_hours_check" CHECK ("drones"."flight_hours" >= 0),
	CONSTRAINT "drones_retired_not_primary_check" CHECK (not ("drones"."is_primary" and "drones"."retired_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "flight_log_import_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"answers" jsonb NOT NULL,
	"pending" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flight_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"drone_id" integer NOT NULL,
	"flight_date" date NOT NULL,
	"takeoff_time" time,
	"flight_duration" integer NOT NULL,
	"location" text,
	"flight_type" text DEFAULT 'recreational' NOT NULL,
	"conditions" text,
	"notes" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_logs_duration_check" CHECK ("flight_logs"."flight_duration" >= 1),
	CONSTRAINT "flight_logs_type_check" CHECK ("flight_logs"."flight_type" in ('recreational', 'commercial', 'training', 'inspection', 'other'))
);
--> statement-breakpoint
ALTER TABLE "drones" ADD CONSTRAINT "drones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drones" ADD CONSTRAINT "drones_assigned_pilot_id_users_id_fk" FOREIGN KEY ("assigned_pilot_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_log_import_sessions" ADD CONSTRAINT "flight_log_import_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_logs" ADD CONSTRAINT "flight_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_logs" ADD CONSTRAINT "flight_logs_drone_id_drones_id_fk" FOREIGN KEY ("drone_id") REFERENCES "public"."drones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drones_one_primary_per_user" ON "drones" USING btree ("user_id") WHERE "drones"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "drones_user_identifier_unique" ON "drones" USING btree ("user_id","unique_identifier") WHERE "drones"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "drones_user_idx" ON "drones" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "flight_log_import_sessions_user_idx" ON "flight_log_import_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "flight_log_import_sessions_expires_idx" ON "flight_log_import_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "flight_logs_user_date_idx" ON "flight_logs" USING btree ("user_id","flight_date");--> statement-breakpoint
CREATE INDEX "flight_logs_drone_date_idx" ON "flight_logs" USING btree ("drone_id","flight_date");