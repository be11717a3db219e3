import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { TIERS } from '../../../shared/tiers.ts';
import { COUNTRIES, MEASUREMENT_SYSTEMS, THEMES } from '../../../shared/account.ts';
import { users } from './auth.ts';

const inList = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(', '));

/** The stored tier is the spec's originalTier; the effective tier is derived (DESIGN §4). */
export const userTiers = pgTable(
  'user_tiers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: TIERS }).notNull().default('basic'),
    businessProfileId: text('business_profile_id'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    emailVerified: boolean('email_verified').notNull().default(false),
    isTestAccount: boolean('is_test_account').notNull().default(false),
    email: text('email').notNull(),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [check('user_tiers_tier_check', sql`${t.tier} in (${inList(TIERS)})`)],
);

export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    showQuickQuestions: boolean('show_quick_questions').notNull().default(true),
    showHelpTip: boolean('show_help_tip').notNull().default(true),
    theme: text('theme', { enum: THEMES }).notNull().default('system'),
    country: text('country', { enum: COUNTRIES }).notNull().default('US'),
    measurementSystem: text('measurement_system', { enum: MEASUREMENT_SYSTEMS }).notNull().default('imperial'),
    earlyAccess: boolean('early_access').notNull().default(false),
    featureUpdates: boolean('feature_updates').notNull().default(true),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_preferences_theme_check', sql`${t.theme} in (${inList(THEMES)})`),
    check('user_preferences_country_check', sql`${t.country} in (${inList(COUNTRIES)})`),
    check('user_preferences_measurement_check', sql`${t.measurementSystem} in (${inList(MEASUREMENT_SYSTEMS)})`),
  ],
);

/** One row per user per UTC day; the assistant's allowance sums the rows of the current period. */
export const dailyQueries = pgTable(
  'daily_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [unique('daily_queries_user_date_unique').on(t.userId, t.date)],
);

export const queries = pgTable(
  'queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    context: jsonb('context'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    modelUsed: text('model_used'),
  },
  // A user's latest questions (each question's conversation, GET /api/queries): without it, a scan of
  // every user's history per question (issue 15). Ascending, so a backward scan gives
  // `order by timestamp desc` (nulls first) without a sort.
  (t) => [index('queries_user_timestamp_idx').on(t.userId, t.timestamp)],
);
