CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "assistant_conversations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reset_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_articles" (
	"slug" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_key" text NOT NULL,
	"business_id" text,
	"position" integer NOT NULL,
	"article_title" text NOT NULL,
	"title" text NOT NULL,
	"topic" text NOT NULL,
	"makers" text[] DEFAULT '{}'::text[] NOT NULL,
	"models" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"citation" text NOT NULL,
	"url" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("knowledge_sections"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("knowledge_sections"."keywords", '')), 'B') || setweight(to_tsvector('english', coalesce("knowledge_sections"."body", '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "knowledge_words" (
	"word" text PRIMARY KEY NOT NULL,
	"sections" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "knowledge_sections_search_idx" ON "knowledge_sections" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_sections_article_idx" ON "knowledge_sections" USING btree ("article_key");--> statement-breakpoint
CREATE INDEX "knowledge_sections_business_idx" ON "knowledge_sections" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "knowledge_words_trgm_idx" ON "knowledge_words" USING gin ("word" gin_trgm_ops);