import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
