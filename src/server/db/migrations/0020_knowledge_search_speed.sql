-- Issue 15 / ADR 0018: the assistant's retrieval.
-- 1. The GIN indexes of the knowledge base take new rows into a pending list that only VACUUM merges.
--    Embedded PGlite never vacuums, so every search scanned the whole list (a seq scan's cost, or worse,
--    for each question). With fastupdate off, a write goes into the index itself: slower document
--    indexing, searches that stay fast. The lists already pending are merged now.
ALTER INDEX "knowledge_sections_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "knowledge_words_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('knowledge_sections_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('knowledge_words_trgm_idx'::regclass);--> statement-breakpoint
-- 2. One number that changes with every write to the knowledge base, whoever makes it (a document's
--    passages, the shipped articles' sync, SQL by hand), in the writer's transaction. A process caches
--    retrieval results under the number it read with the question's other data, so a change is seen by
--    the very next question in every process, with no message to miss.
CREATE TABLE "knowledge_version" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "knowledge_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_knowledge_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "knowledge_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "knowledge_sections_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "knowledge_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_knowledge_version"();--> statement-breakpoint
CREATE TRIGGER "knowledge_words_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "knowledge_words"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_knowledge_version"();
