import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activeUserCounts, errorLogs, helpRequests, tierChanges, userActivity, userTiers, users } from '../../db/schema/index.ts';
import type { ErrorListQuery, HelpRequestUpdate } from '../../../shared/admin.ts';
import type { PageQuery } from '../../../shared/paging.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { afterCursor, decodeCursor } from '../../lib/paging.ts';
import { STATUS_RANGES, likePattern } from './policy.ts';

// ---------------------------------------------------------------- error logs

export async function listErrors(db: DbOrTx, q: ErrorListQuery) {
  const where: (SQL | undefined)[] = [];
  if (!q.includeResolved) where.push(eq(errorLogs.resolved, false));
  if (q.statusClass) {
    const [from, below] = STATUS_RANGES[q.statusClass];
    where.push(gte(errorLogs.statusCode, from), lt(errorLogs.statusCode, below));
  }
  if (q.path) where.push(ilike(errorLogs.endpoint, likePattern(q.path)));
  if (q.cursor) {
    const [ts, id] = decodeCursor(q.cursor, 2);
    where.push(afterCursor([errorLogs.timestamp, errorLogs.id], [String(ts), String(id)]));
  }
  return db
    .select()
    .from(errorLogs)
    .where(and(...where))
    .orderBy(desc(errorLogs.timestamp), desc(errorLogs.id))
    .limit(q.limit + 1);
}

export async function resolveError(db: DbOrTx, id: string, notes: string | null) {
  const [row] = await db
    .update(errorLogs)
    .set({ resolved: true, resolvedAt: sql`coalesce(${errorLogs.resolvedAt}, now())`, notes })
    .where(eq(errorLogs.id, id))
    .returning();
  return row;
}

// ---------------------------------------------------------------- users

const userColumns = {
  id: users.id,
  email: users.email,
  displayName: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  tier: userTiers.tier,
  lastSeenAt: userTiers.lastSeenAt,
};

export async function listUsers(db: DbOrTx, page: PageQuery, search?: string) {
  const where: (SQL | undefined)[] = [];
  if (search) {
    const pattern = likePattern(search);
    where.push(or(ilike(users.email, pattern), ilike(users.name, pattern), eq(users.id, search)));
  }
  if (page.cursor) {
    const [created, id] = decodeCursor(page.cursor, 2);
    where.push(afterCursor([users.createdAt, users.id], [String(created), String(id)]));
  }
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(userTiers, eq(userTiers.userId, users.id))
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit + 1);
}

export async function findUser(db: DbOrTx, id: string) {
  const [row] = await db.select(userColumns).from(users).leftJoin(userTiers, eq(userTiers.userId, users.id)).where(eq(users.id, id)).limit(1);
  return row;
}

/** The latest recorded tier change of each user, with the staff member's e-mail when a user made it. */
export async function lastTierChanges(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectDistinctOn([tierChanges.userId], {
      userId: tierChanges.userId,
      fromTier: tierChanges.fromTier,
      toTier: tierChanges.toTier,
      changedBy: tierChanges.changedBy,
      changedByEmail: users.email,
      changedAt: tierChanges.changedAt,
    })
    .from(tierChanges)
    .leftJoin(users, eq(users.id, tierChanges.changedBy))
    .where(sql`${tierChanges.userId} in ${userIds}`)
    .orderBy(tierChanges.userId, desc(tierChanges.changedAt), desc(tierChanges.id));
}

/** Locks the tier row for the change, so two staff members' assignments line up. */
export async function lockTier(db: DbOrTx, userId: string): Promise<Tier | undefined> {
  const [row] = await db.select({ tier: userTiers.tier }).from(userTiers).where(eq(userTiers.userId, userId)).for('update').limit(1);
  return row?.tier;
}

export async function setTier(db: DbOrTx, userId: string, tier: Tier, updatedBy: string) {
  await db.update(userTiers).set({ tier, updatedAt: new Date(), updatedBy }).where(eq(userTiers.userId, userId));
}

// ---------------------------------------------------------------- help requests

const helpColumns = {
  id: helpRequests.id,
  subject: helpRequests.subject,
  message: helpRequests.message,
  userName: helpRequests.userName,
  userEmail: helpRequests.userEmail,
  submittedAt: helpRequests.submittedAt,
  status: helpRequests.status,
  priority: helpRequests.priority,
  adminResponse: helpRequests.adminResponse,
  respondedAt: helpRequests.respondedAt,
  internalNotes: helpRequests.internalNotes,
};
export type HelpRow = Awaited<ReturnType<typeof findHelpRequest>>;

export async function listHelpRequests(db: DbOrTx, page: PageQuery & { status?: (typeof helpRequests.status.enumValues)[number] | undefined }) {
  const where: (SQL | undefined)[] = [];
  if (page.status) where.push(eq(helpRequests.status, page.status));
  if (page.cursor) {
    const [at, id] = decodeCursor(page.cursor, 2);
    where.push(afterCursor([helpRequests.submittedAt, helpRequests.id], [String(at), String(id)]));
  }
  return db
    .select(helpColumns)
    .from(helpRequests)
    .where(and(...where))
    .orderBy(desc(helpRequests.submittedAt), desc(helpRequests.id))
    .limit(page.limit + 1);
}

export async function findHelpRequest(db: DbOrTx, id: string, lock = false) {
  const q = db.select(helpColumns).from(helpRequests).where(eq(helpRequests.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateHelpRequest(db: DbOrTx, id: string, update: HelpRequestUpdate, respondedBy: string | null) {
  const responded = update.adminResponse !== undefined && respondedBy !== null ? { respondedBy, respondedAt: new Date() } : {};
  const [row] = await db
    .update(helpRequests)
    .set({ ...update, ...responded, updatedAt: new Date() })
    .where(eq(helpRequests.id, id))
    .returning(helpColumns);
  return row;
}

export async function helpStats(db: DbOrTx) {
  const [row] = await db
    .select({
      total: count(),
      open: sql<number>`count(*) filter (where ${helpRequests.status} = 'open')`.mapWith(Number),
      inProgress: sql<number>`count(*) filter (where ${helpRequests.status} = 'in_progress')`.mapWith(Number),
      resolved: sql<number>`count(*) filter (where ${helpRequests.status} = 'resolved')`.mapWith(Number),
    })
    .from(helpRequests);
  return row ?? { total: 0, open: 0, inProgress: 0, resolved: 0 };
}

// ---------------------------------------------------------------- analytics

/** Users created up to `now`, and those since the start of its day, week and month. */
export async function signUps(db: DbOrTx, now: Date, since: { day: Date; week: Date; month: Date }) {
  const [row] = await db
    .select({
      total: count(),
      today: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.day.toISOString()})`.mapWith(Number),
      week: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.week.toISOString()})`.mapWith(Number),
      month: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.month.toISOString()})`.mapWith(Number),
    })
    .from(users)
    .where(sql`${users.createdAt} <= ${now.toISOString()}`);
  return row ?? { total: 0, today: 0, week: 0, month: 0 };
}

/** Active users of each day or month in [from, to] (YYYY-MM-DD of the period's start), from the counters. */
export async function countActiveUsers(db: DbOrTx, kind: 'day' | 'month', from: string, to: string) {
  return db
    .select({ periodStart: activeUserCounts.periodStart, users: activeUserCounts.users })
    .from(activeUserCounts)
    .where(and(eq(activeUserCounts.periodKind, kind), gte(activeUserCounts.periodStart, from), sql`${activeUserCounts.periodStart} <= ${to}`));
}

export async function activityByType(db: DbOrTx, from: string, to: string) {
  return db
    .select({ activityType: userActivity.activityType, count: count() })
    .from(userActivity)
    .where(and(gte(userActivity.activityDate, from), sql`${userActivity.activityDate} <= ${to}`))
    .groupBy(userActivity.activityType)
    .orderBy(desc(count()), userActivity.activityType)
    .limit(100);
}
