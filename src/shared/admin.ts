import { z } from 'zod';
import { pageQuerySchema, paged } from './paging.ts';
import { TIERS } from './tiers.ts';

/** The staff tools' contract (doc 3 §3, §5, §7, §8; issue 13). */

const text = (max: number) => z.string().max(max);
const iso = text(40);
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ADMIN_POLL_MS = 30_000;
export const DISPLAYED_ID_LENGTH = 8;
export const NOTES_MAX = 2000;
export const RESPONSE_MAX = 5000;

export const ADMIN_MESSAGES = {
  selectUserAndTier: 'Please select both a user and a tier',
  noChanges: 'No Changes: No changes were made to update.',
  ownTier: 'You cannot change your own tier.',
  staffTierSuperAdminOnly: 'Only a super_admin can grant or remove the admin, developer or super_admin tier.',
} as const;

export const idParamsSchema = z.object({ id: z.uuid('id: is not a valid id') });
export const userIdParamsSchema = z.object({ id: text(64).min(1) });

// ---------------------------------------------------------------- error logs

export const STATUS_CLASSES = ['server', 'client', 'other'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** Badges by status code (doc 3 §8): 500 and above Server Error, 400 and above Client Error, else Other. */
export const statusClassOf = (statusCode: number): StatusClass => (statusCode >= 500 ? 'server' : statusCode >= 400 ? 'client' : 'other');
export const STATUS_BADGES: Record<StatusClass, string> = { server: 'Server Error', client: 'Client Error', other: 'Other' };

export const errorListQuerySchema = pageQuerySchema.extend({
  includeResolved: bool.default(false),
  statusClass: z.enum(STATUS_CLASSES).optional(),
  /** Part of the endpoint's path, matched case-insensitively. */
  path: text(200).optional(),
});
export type ErrorListQuery = z.infer<typeof errorListQuerySchema>;

export const errorLogSchema = z.object({
  id: z.uuid(),
  method: text(16),
  endpoint: text(500),
  statusCode: z.number().int(),
  errorMessage: text(1000),
  errorStack: text(8000).nullable(),
  timestamp: iso,
  userId: text(64).nullable(),
  userTier: text(20).nullable(),
  ipAddress: text(64).nullable(),
  resolved: z.boolean(),
  resolvedAt: iso.nullable(),
  notes: text(NOTES_MAX).nullable(),
  /** Repeats of a client error by the same sender, route and status within the minute (ADR 0015). */
  occurrences: z.number().int().min(1),
});
export type ErrorLog = z.infer<typeof errorLogSchema>;
export const errorListSchema = paged(z.object({ errors: z.array(errorLogSchema) }));
export type ErrorList = z.infer<typeof errorListSchema>;

/** Resolution notes are optional and trimmed; empty becomes none (doc 3 §5). */
export const resolveErrorSchema = z.object({
  notes: z
    .string()
    .max(NOTES_MAX, `notes: at most ${NOTES_MAX} characters`)
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null)),
});
export type ResolveErrorInput = z.input<typeof resolveErrorSchema>;

// ---------------------------------------------------------------- users and tiers

export const tierChangeSchema = z.object({
  fromTier: z.enum(TIERS),
  toTier: z.enum(TIERS),
  /** A staff member's e-mail, or how the change came (staff-list, stripe, dev-login). */
  changedBy: text(254).nullable(),
  changedAt: iso,
});
export type TierChange = z.infer<typeof tierChangeSchema>;

export const adminUserSchema = z.object({
  id: text(64),
  email: text(254),
  displayName: text(200).nullable(),
  firstName: text(200).nullable(),
  lastName: text(200).nullable(),
  tier: z.enum(TIERS),
  emailVerified: z.boolean(),
  lastSeenAt: iso.nullable(),
  createdAt: iso,
  lastTierChange: tierChangeSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const userListSchema = paged(z.object({ users: z.array(adminUserSchema) }));
export type UserList = z.infer<typeof userListSchema>;

export const userListQuerySchema = pageQuerySchema;
/** Search runs only with a non-empty query (doc 3 §5): e-mail, display name or id. */
export const userSearchQuerySchema = pageQuerySchema.extend({
  query: z.string('query: is required').trim().min(1, 'query: is required').max(254, 'query: at most 254 characters'),
});

export const assignTierSchema = z.object({
  tier: z.enum(TIERS, { error: () => ADMIN_MESSAGES.selectUserAndTier }),
});

// ---------------------------------------------------------------- help requests

export const HELP_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const HELP_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const HELP_STATUS_LABELS: Record<(typeof HELP_STATUSES)[number], string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const adminHelpRequestSchema = z.object({
  id: z.uuid(),
  subject: text(200),
  message: text(RESPONSE_MAX),
  userName: text(200).nullable(),
  userEmail: text(254).nullable(),
  submittedAt: iso,
  status: z.enum(HELP_STATUSES),
  priority: z.enum(HELP_PRIORITIES),
  adminResponse: text(RESPONSE_MAX).nullable(),
  respondedAt: iso.nullable(),
  internalNotes: text(NOTES_MAX).nullable(),
});
export type AdminHelpRequest = z.infer<typeof adminHelpRequestSchema>;
export const helpRequestListSchema = paged(z.object({ helpRequests: z.array(adminHelpRequestSchema) }));
export type HelpRequestList = z.infer<typeof helpRequestListSchema>;
export const helpRequestListQuerySchema = pageQuerySchema.extend({ status: z.enum(HELP_STATUSES).optional() });

export const helpStatsSchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  inProgress: z.number().int(),
  resolved: z.number().int(),
});
export type HelpStats = z.infer<typeof helpStatsSchema>;

/** Only the changed fields are sent (doc 3 §5); an admin response is trimmed and sent only when non-empty. */
export const helpRequestUpdateSchema = z
  .object({
    status: z.enum(HELP_STATUSES).optional(),
    priority: z.enum(HELP_PRIORITIES).optional(),
    adminResponse: z
      .string()
      .max(RESPONSE_MAX, `adminResponse: at most ${RESPONSE_MAX} characters`)
      .transform((v) => v.trim())
      .refine((v) => v.length > 0, 'adminResponse: must not be empty')
      .optional(),
    internalNotes: z.string().max(NOTES_MAX, `internalNotes: at most ${NOTES_MAX} characters`).optional(),
  })
  .strict();
export type HelpRequestUpdate = z.infer<typeof helpRequestUpdateSchema>;

/** The fields of a draft that differ from the stored request: what the detail dialog sends. */
export function changedHelpFields(
  stored: Pick<AdminHelpRequest, 'status' | 'priority' | 'adminResponse' | 'internalNotes'>,
  draft: Pick<AdminHelpRequest, 'status' | 'priority'> & { adminResponse: string; internalNotes: string },
): HelpRequestUpdate {
  const out: HelpRequestUpdate = {};
  if (draft.status !== stored.status) out.status = draft.status;
  if (draft.priority !== stored.priority) out.priority = draft.priority;
  const response = draft.adminResponse.trim();
  if (response && response !== (stored.adminResponse ?? '')) out.adminResponse = response;
  if (draft.internalNotes !== (stored.internalNotes ?? '')) out.internalNotes = draft.internalNotes;
  return out;
}

// ---------------------------------------------------------------- analytics

export const analyticsSchema = z.object({
  totalUsers: z.number().int(),
  dailyActiveUsers: z.number().int(),
  monthlyActiveUsers: z.number().int(),
  newUsersToday: z.number().int(),
  newUsersThisWeek: z.number().int(),
  newUsersThisMonth: z.number().int(),
  /** Activity rows of the current UTC month by type. */
  activityByType: z.array(z.object({ activityType: text(40), count: z.number().int() })).max(100),
  /** MAU / total users, as a percentage with one decimal (doc 3 §9). */
  engagementRate: z.number(),
  /** The UTC instant the figures were computed for. */
  asOf: iso,
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** The last 30 UTC days, oldest first, zero-filled: distinct users with any activity that day. */
export const dailyActiveUsersSchema = z.object({ days: z.array(z.object({ date: text(10), count: z.number().int() })).max(31) });
export type DailyActiveUsers = z.infer<typeof dailyActiveUsersSchema>;
/** The last 12 UTC calendar months (YYYY-MM), oldest first, zero-filled: distinct users active in the month. */
export const monthlyActiveUsersSchema = z.object({ months: z.array(z.object({ month: text(7), count: z.number().int() })).max(12) });
export type MonthlyActiveUsers = z.infer<typeof monthlyActiveUsersSchema>;

export const engagementRate = (mau: number, total: number) => (total === 0 ? 0 : Math.round((mau / total) * 1000) / 10);
