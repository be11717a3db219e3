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
--> statement-breakpoint
-- Active users by UTC day and month (issue 13 analytics): the first activity of a user in a period adds
-- a (period, user) row and one to that period's counter, so the dashboard reads counters rather than
-- counting distinct users over every activity row at each 30-second poll.
CREATE OR REPLACE FUNCTION record_active_user() RETURNS trigger AS $$
DECLARE
  kind text;
  start date;
  added integer;
BEGIN
  FOREACH kind IN ARRAY ARRAY['day', 'month'] LOOP
    start := CASE kind WHEN 'day' THEN NEW.activity_date ELSE date_trunc('month', NEW.activity_date)::date END;
    INSERT INTO active_user_periods (period_kind, period_start, user_id) VALUES (kind, start, NEW.user_id) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS added = ROW_COUNT;
    IF added > 0 THEN
      INSERT INTO active_user_counts (period_kind, period_start, users) VALUES (kind, start, 1)
        ON CONFLICT (period_kind, period_start) DO UPDATE SET users = active_user_counts.users + 1;
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_activity_record_active_user
  AFTER INSERT ON user_activity
  FOR EACH ROW EXECUTE FUNCTION record_active_user();
--> statement-breakpoint
INSERT INTO active_user_periods (period_kind, period_start, user_id)
  SELECT DISTINCT 'day', activity_date, user_id FROM user_activity
  UNION
  SELECT DISTINCT 'month', date_trunc('month', activity_date)::date, user_id FROM user_activity
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO active_user_counts (period_kind, period_start, users)
  SELECT period_kind, period_start, count(*) FROM active_user_periods GROUP BY period_kind, period_start
  ON CONFLICT (period_kind, period_start) DO UPDATE SET users = EXCLUDED.users;
