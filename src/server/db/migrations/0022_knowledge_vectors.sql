CREATE TABLE "knowledge_section_vectors" (
	"section_id" uuid PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"vector" real[] NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_section_vectors" ADD CONSTRAINT "knowledge_section_vectors_section_id_knowledge_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."knowledge_sections"("id") ON DELETE cascade ON UPDATE no action;