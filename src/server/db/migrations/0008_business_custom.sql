-- Business teams (issue 9, ADR 0020): what the database keeps true by itself.

-- Deleting a business profile frees its pilots (their tier falls back to their own at once). A trigger,
-- not a foreign key: the users table is the auth module's (better-auth's) and this module does not constrain it.
CREATE OR REPLACE FUNCTION business_profile_release_pilots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET is_pilot = false, administrator_business_id = NULL WHERE administrator_business_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER business_profiles_release_pilots
  AFTER DELETE ON business_profiles
  FOR EACH ROW EXECUTE FUNCTION business_profile_release_pilots();
--> statement-breakpoint
CREATE INDEX "users_administrator_business_idx" ON "users" ("administrator_business_id") WHERE "is_pilot";
--> statement-breakpoint
-- pilot_count follows every change of a user's pilot membership. Increments, not a recount: a second
-- transaction waiting on the profile's row lock re-reads the committed count, so N concurrent joins add
-- exactly N, and the check constraint (0..100) refuses the one past the seat limit.
CREATE OR REPLACE FUNCTION business_pilot_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_b text := NULL;
  new_b text := NULL;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_pilot THEN old_b := OLD.administrator_business_id; END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.is_pilot THEN new_b := NEW.administrator_business_id; END IF;
  IF old_b IS DISTINCT FROM new_b THEN
    IF old_b IS NOT NULL THEN
      UPDATE business_profiles SET pilot_count = pilot_count - 1 WHERE id = old_b;
    END IF;
    IF new_b IS NOT NULL THEN
      UPDATE business_profiles SET pilot_count = pilot_count + 1 WHERE id = new_b;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_business_pilot_count
  AFTER INSERT OR DELETE OR UPDATE OF is_pilot, administrator_business_id ON users
  FOR EACH ROW EXECUTE FUNCTION business_pilot_count();
--> statement-breakpoint
-- is_knowledge_base_setup is true exactly while the business has sections in the knowledge base.
CREATE OR REPLACE FUNCTION business_knowledge_base_setup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b text;
BEGIN
  FOREACH b IN ARRAY ARRAY[
    CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD.business_id END,
    CASE WHEN TG_OP IN ('UPDATE', 'INSERT') THEN NEW.business_id END
  ] LOOP
    IF b IS NOT NULL THEN
      UPDATE business_profiles
        SET is_knowledge_base_setup = EXISTS (SELECT 1 FROM knowledge_sections WHERE business_id = b)
        WHERE id = b;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_sections_business_setup
  AFTER INSERT OR DELETE OR UPDATE OF business_id ON knowledge_sections
  FOR EACH ROW EXECUTE FUNCTION business_knowledge_base_setup();
