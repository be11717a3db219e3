CREATE TABLE "facilities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "facilities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source_key" text NOT NULL,
	"dataset" text NOT NULL,
	"data_source" text NOT NULL,
	"dataset_version" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"source_type" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"elevation" integer,
	"identifier" text NOT NULL,
	"iata" text,
	"faa_lid" text,
	"local_code" text,
	"state" text,
	"city" text,
	"restrictions" text[] DEFAULT '{}'::text[] NOT NULL,
	"runway_length" integer,
	"airport_size" text NOT NULL,
	"has_tower_frequency" boolean DEFAULT false NOT NULL,
	"controlled_airspace" boolean NOT NULL,
	"altitude_limit" integer,
	"no_fly_zone" boolean NOT NULL,
	"special_use_airspace" boolean NOT NULL,
	"laanc_required" boolean NOT NULL,
	"drone_flight_zone" text NOT NULL,
	"runways" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frequencies" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_datasets" (
	"source" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"row_count" integer NOT NULL,
	"load_ms" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_source_key_unique" ON "facilities" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "facilities_location_gist" ON "facilities" USING gist (point("longitude", "latitude"));--> statement-breakpoint
CREATE INDEX "facilities_identifier_idx" ON "facilities" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "facilities_iata_idx" ON "facilities" USING btree ("iata");--> statement-breakpoint
CREATE INDEX "facilities_faa_lid_idx" ON "facilities" USING btree ("faa_lid");--> statement-breakpoint
CREATE INDEX "facilities_local_code_idx" ON "facilities" USING btree ("local_code");--> statement-breakpoint
CREATE INDEX "facilities_name_trgm_idx" ON "facilities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facilities_city_trgm_idx" ON "facilities" USING gin ("city" gin_trgm_ops);