import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { nowToTheMillisecond } from './paged-time.ts';

const submitter = () => ({
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  userEmail: text('user_email'),
  userName: text('user_name'),
});
const staffReply = () => ({
  adminResponse: text('admin_response'),
  respondedBy: text('responded_by'),
  respondedAt: timestamp('responded_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  internalNotes: text('internal_notes'),
});

export const userFeedback = pgTable(
  'user_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...submitter(),
    feedbackType: text('feedback_type').notNull(),
    message: text('message').notNull(),
    additionalDetails: text('additional_details'),
    status: text('status').notNull().default('new'),
    ...staffReply(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_feedback_created_idx').on(t.createdAt)],
);

export const bugReports = pgTable(
  'bug_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...submitter(),
    bugType: text('bug_type').notNull(),
    description: text('description').notNull(),
    additionalDetails: text('additional_details'),
    status: text('status').notNull().default('new'),
    ...staffReply(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bug_reports_created_idx').on(t.createdAt)],
);

export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...submitter(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'in_progress', 'resolved', 'closed'] }).notNull().default('open'),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] }).notNull().default('normal'),
    category: text('category'),
    ...staffReply(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().default(nowToTheMillisecond),
  },
  (t) => [index('help_requests_submitted_idx').on(t.submittedAt)],
);
