CREATE TABLE "knowledge_section_vectors" (
	"section_id" uuid PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"vector" "bytea" NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_section_vectors" ADD CONSTRAINT "knowledge_section_vectors_section_id_knowledge_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."knowledge_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 0065: a write of vectors bumps the knowledge version too (migration 0020), so each process
-- reloads its in-memory vector index, and drops cached retrievals, at the very next question.
CREATE TRIGGER "knowledge_section_vectors_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "knowledge_section_vectors"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_knowledge_version"();
