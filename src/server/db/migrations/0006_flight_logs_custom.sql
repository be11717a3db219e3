-- The logbook list's keyset (ADR 0014, flight-logs repo KEY): date, whether the takeoff time is known,
-- the time (unknown as midnight), id; all descending. The first page of a user with 200,000 flights
-- reads limit + 1 entries of this index instead of sorting every flight. Expressions, so drizzle's
-- schema cannot declare it.
CREATE INDEX IF NOT EXISTS "flight_logs_user_list_idx" ON "flight_logs" ("user_id", "flight_date" DESC, ((("takeoff_time" IS NOT NULL))::int) DESC, (coalesce("takeoff_time", '00:00:00'::time)) DESC, "id" DESC);
