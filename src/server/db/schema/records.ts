import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { nowToTheMillisecond } from './paged-time.ts';

/** Every response with status >= 400 (doc 3 §3). Never bodies, cookies or secrets. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    statusCode: integer('status_code').notNull(),
    errorMessage: text('error_message').notNull(),
    errorStack: text('error_stack'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().default(nowToTheMillisecond),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userTier: text('user_tier'),
    ipAddress: text('ip_address'),
    resolved: boolean('resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    notes: text('notes'),
    /** Client errors (4xx) of one actor, route and status within a minute share one row and count here. */
    occurrences: integer('occurrences').notNull().default(1),
    aggregateKey: text('aggregate_key'),
  },
  (t) => [
    index('error_logs_unresolved_idx').on(t.resolved, t.timestamp),
    uniqueIndex('error_logs_aggregate_key_idx').on(t.aggregateKey).where(sql`${t.aggregateKey} is not null`),
  ],
);

/**
 * Sign-ins and API use. API use is kept once per user per UTC day (the partial unique index), which is
 * all daily and monthly active users need and keeps a write off every request.
 */
export const userActivity = pgTable(
  'user_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    details: jsonb('details'),
    activityDate: date('activity_date', { mode: 'string' }).notNull().default(sql`(now() at time zone 'utc')::date`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_activity_date_idx').on(t.activityDate, t.activityType),
    uniqueIndex('user_activity_api_use_daily')
      .on(t.userId, t.activityDate)
      .where(sql`${t.activityType} = 'api_use'`),
  ],
);

/** Mail that left (or, with no SMTP configured, would have left) the product: the outbox of DESIGN §1. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
