import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ThresholdsUpdate } from '../../../shared/weather/thresholds.ts';
import { users } from './auth.ts';

/**
 * A pilot's card-colour thresholds (doc 3 §3): only the values they changed, validated by the shared
 * schema on the way in and again on the way out; the §9 defaults fill the rest.
 */
export const userWeatherThresholds = pgTable('user_weather_thresholds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  thresholds: jsonb('thresholds').$type<ThresholdsUpdate>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
