-- Issue 16 / ADR 0055: before the unique index on (user, manufacturer, custom maker, serial) exists,
-- existing duplicates among a user's active drones must go. Nothing is deleted (flights reference
-- drones): the oldest drone keeps its serial, each later one gets " (duplicate <id>)" appended, so the
-- pilot sees which entries to correct or remove. Serial numbers are at most 100 characters in the
-- form, so the original is cut to 80 to leave room for the suffix.
UPDATE "drones" AS d
SET "serial_number" = left(d."serial_number", 80) || ' (duplicate ' || d."id" || ')', "updated_at" = now()
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "user_id", "manufacturer", lower(coalesce("custom_manufacturer", '')), lower("serial_number")
    ORDER BY "created_at", "id"
  ) AS n
  FROM "drones"
  WHERE "retired_at" IS NULL AND lower("serial_number") <> 'unknown'
) AS ranked
WHERE d."id" = ranked."id" AND ranked.n > 1;
