import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit windows shared by every process on one PostgreSQL (issue 17): a limit of 20 sign-ins a
 * minute is 20 for the deployment, not 20 per process. One row per route and client key; a fixed window
 * that the database's clock opens and closes, so processes never disagree about it.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
