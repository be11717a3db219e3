import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TIERS } from '../../../shared/tiers.ts';
import { users } from './auth.ts';

/**
 * Every change of a stored tier (issue 13): who, when, from, to. Rows are written by a trigger on
 * user_tiers (custom migration admin_custom), so staff assignment, payments, the staff e-mail lists and
 * the developer sign-in are all recorded without each path remembering to. `changedBy` is the
 * user_tiers.updated_by of the change: a user id for staff, or a word such as 'staff-list' or 'stripe'.
 */
export const tierChanges = pgTable(
  'tier_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromTier: text('from_tier', { enum: TIERS }).notNull(),
    toTier: text('to_tier', { enum: TIERS }).notNull(),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tier_changes_user_idx').on(t.userId, t.changedAt)],
);

/**
 * Active users by UTC day and month, kept by a trigger on user_activity (custom migration admin_custom):
 * one row per (period, user) the first time the user is active in it, and a counter per period. Daily
 * and monthly active users are then read from a few counter rows instead of counting distinct users
 * over a million activity rows on every dashboard poll.
 */
export const activeUserPeriods = pgTable(
  'active_user_periods',
  {
    periodKind: text('period_kind', { enum: ['day', 'month'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodKind, t.periodStart, t.userId] })],
);

export const activeUserCounts = pgTable(
  'active_user_counts',
  {
    periodKind: text('period_kind', { enum: ['day', 'month'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    users: integer('users').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.periodKind, t.periodStart] })],
);
