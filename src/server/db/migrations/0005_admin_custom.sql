-- Every change of a stored tier is recorded (issue 13): one trigger, so every path that changes
-- user_tiers.tier (staff assignment, payments, staff e-mail lists, developer sign-in) is covered.
CREATE OR REPLACE FUNCTION record_tier_change() RETURNS trigger AS $$
BEGIN
  INSERT INTO tier_changes (user_id, from_tier, to_tier, changed_by, changed_at)
  VALUES (NEW.user_id, OLD.tier, NEW.tier, NEW.updated_by, now());
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_tiers_record_change
  AFTER UPDATE OF tier ON user_tiers
  FOR EACH ROW WHEN (OLD.tier IS DISTINCT FROM NEW.tier)
  EXECUTE FUNCTION record_tier_change();
--> statement-breakpoint
-- User Management pages newest first; analytics counts sign-ups since a day.
CREATE INDEX IF NOT EXISTS users_created_at_idx ON users (created_at, id);
--> statement-breakpoint
-- Error Management pages newest first over all rows when resolved ones are included.
CREATE INDEX IF NOT EXISTS error_logs_timestamp_idx ON error_logs ("timestamp", id);
