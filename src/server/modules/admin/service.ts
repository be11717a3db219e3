import type { FastifyBaseLogger } from 'fastify';
import type { ChangeBus } from '../../db/change-bus.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  ADMIN_MESSAGES,
  engagementRate,
  type AdminHelpRequest,
  type AdminUser,
  type Analytics,
  type DailyActiveUsers,
  type ErrorList,
  type ErrorListQuery,
  type ErrorLog,
  type HelpRequestList,
  type HelpRequestUpdate,
  type HelpStats,
  type MonthlyActiveUsers,
  type UserList,
} from '../../../shared/admin.ts';
import type { PageQuery } from '../../../shared/paging.ts';
import { periodStart, utcDay } from '../../../shared/periods.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { pageOf } from '../../lib/paging.ts';
import type { MailProvider } from '../../providers/mail/mail-provider.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { accessChanged } from '../account/access-cache.ts';
import { tierChangeRefusal } from './policy.ts';
import * as repo from './repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ErrorRow = Awaited<ReturnType<typeof repo.listErrors>>[number];
const toErrorView = (r: ErrorRow): ErrorLog => ({ ...r, timestamp: r.timestamp.toISOString(), resolvedAt: iso(r.resolvedAt) });

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type ChangeRow = Awaited<ReturnType<typeof repo.lastTierChanges>>[number];
const toUserView = (u: UserRow, change: ChangeRow | undefined): AdminUser => ({
  id: u.id,
  email: u.email,
  displayName: u.displayName || null,
  firstName: u.firstName,
  lastName: u.lastName,
  tier: u.tier ?? 'basic',
  emailVerified: u.emailVerified,
  lastSeenAt: iso(u.lastSeenAt),
  createdAt: u.createdAt.toISOString(),
  lastTierChange: change
    ? { fromTier: change.fromTier, toTier: change.toTier, changedBy: change.changedByEmail ?? change.changedBy, changedAt: change.changedAt.toISOString() }
    : null,
});

type HelpRow = NonNullable<repo.HelpRow>;
const toHelpView = (h: HelpRow): AdminHelpRequest => ({ ...h, submittedAt: h.submittedAt.toISOString(), respondedAt: iso(h.respondedAt) });

const DAY_MS = 86_400_000;
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS);
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const monthKey = (y: number, m: number) => utcDay(new Date(Date.UTC(y, m, 1))).slice(0, 7);

/** The staff tools' rules (issue 13). Who may call each method is decided before, by the staff guard. */
export function createAdminService(db: Db, mail: MailProvider, log: Pick<FastifyBaseLogger, 'warn'>, changes: ChangeBus) {
  async function withChanges(rows: UserRow[]): Promise<AdminUser[]> {
    const changes = await repo.lastTierChanges(
      db,
      rows.map((r) => r.id),
    );
    const byUser = new Map(changes.map((c) => [c.userId, c]));
    return rows.map((r) => toUserView(r, byUser.get(r.id)));
  }

  async function userPage(page: PageQuery, search?: string): Promise<UserList> {
    const rows = await repo.listUsers(db, page, search);
    const { items, nextCursor } = pageOf(rows, page, (r) => [r.createdAt.toISOString(), r.id]);
    return { users: await withChanges(items), nextCursor };
  }

  return {
    async listErrors(q: ErrorListQuery): Promise<ErrorList> {
      const rows = await repo.listErrors(db, q);
      const { items, nextCursor } = pageOf(rows, q, (r) => [r.timestamp.toISOString(), r.id]);
      return { errors: items.map(toErrorView), nextCursor };
    },

    async resolveError(id: string, notes: string | null): Promise<ErrorLog> {
      const row = await repo.resolveError(db, id, notes);
      if (!row) throw notFound('Error log');
      return toErrorView(row);
    },

    listUsers: (page: PageQuery) => userPage(page),
    searchUsers: (page: PageQuery & { query: string }) => userPage(page, page.query),

    /** The tier row is locked for the change; the trigger on user_tiers records who, when, from and to. */
    async assignTier(caller: CurrentUser, userId: string, tier: Tier): Promise<AdminUser> {
      await db.transaction(async (tx) => {
        const from = await repo.lockTier(tx, userId);
        if (from === undefined) throw notFound('User');
        const refusal = tierChangeRefusal(caller, userId, from, tier);
        if (refusal) throw new AppError(403, 'TIER_CHANGE_REFUSED', refusal);
        if (from !== tier) await repo.setTier(tx, userId, tier, caller.id);
      });
      // After the commit, so no process can read the old tier back into its cache (ADR 0016).
      await accessChanged(changes, userId);
      const row = await repo.findUser(db, userId);
      if (!row) throw notFound('User');
      const [view] = await withChanges([row]);
      return view!;
    },

    async listHelpRequests(q: PageQuery & { status?: AdminHelpRequest['status'] | undefined }): Promise<HelpRequestList> {
      const rows = await repo.listHelpRequests(db, q);
      const { items, nextCursor } = pageOf(rows, q, (r) => [r.submittedAt.toISOString(), r.id]);
      return { helpRequests: items.map(toHelpView), nextCursor };
    },

    helpStats: (): Promise<HelpStats> => repo.helpStats(db),

    /**
     * Only the fields that differ from the stored request are written; none → 'No Changes' (doc 3 §5).
     * A new admin response is mailed to the requester after the commit (no network inside a transaction).
     */
    async updateHelpRequest(caller: CurrentUser, id: string, body: HelpRequestUpdate): Promise<AdminHelpRequest> {
      const { row, mailTo } = await db.transaction(async (tx) => {
        const stored = await repo.findHelpRequest(tx, id, true);
        if (!stored) throw notFound('Help request');
        const changed: HelpRequestUpdate = {};
        if (body.status !== undefined && body.status !== stored.status) changed.status = body.status;
        if (body.priority !== undefined && body.priority !== stored.priority) changed.priority = body.priority;
        if (body.adminResponse !== undefined && body.adminResponse !== stored.adminResponse) changed.adminResponse = body.adminResponse;
        if (body.internalNotes !== undefined && body.internalNotes !== (stored.internalNotes ?? '')) changed.internalNotes = body.internalNotes;
        if (Object.keys(changed).length === 0) throw new AppError(400, 'NO_CHANGES', ADMIN_MESSAGES.noChanges);
        const updated = await repo.updateHelpRequest(tx, id, changed, caller.id);
        if (!updated) throw notFound('Help request');
        return { row: updated, mailTo: changed.adminResponse !== undefined ? stored.userEmail : null };
      });
      if (mailTo && row.adminResponse) {
        await mail
          .send({
            to: mailTo,
            subject: `Re: your Drone Doctor help request (${row.subject})`,
            text: `Hello${row.userName ? ` ${row.userName}` : ''},\n\nOur team answered your help request:\n\n${row.adminResponse}\n\nYour message:\n${row.message}\n\n— Drone Doctor support`,
          })
          .catch((err: unknown) => log.warn({ err }, 'could not mail the help request answer'));
      }
      return toHelpView(row);
    },

    /** Today, this week (from Monday) and this month (from the 1st), all in UTC (DESIGN §4). */
    async analytics(now = new Date()): Promise<Analytics> {
      const day = startOfDay(now);
      const week = periodStart('weekly', now);
      const month = periodStart('monthly', now);
      const today = utcDay(day);
      const [signUps, [dau], [mau], byType] = await Promise.all([
        repo.signUps(db, now, { day, week, month }),
        repo.countActiveUsers(db, 'day', today, today),
        repo.countActiveUsers(db, 'month', utcDay(month), utcDay(month)),
        repo.activityByType(db, utcDay(month), today),
      ]);
      return {
        totalUsers: signUps.total,
        dailyActiveUsers: dau?.users ?? 0,
        monthlyActiveUsers: mau?.users ?? 0,
        newUsersToday: signUps.today,
        newUsersThisWeek: signUps.week,
        newUsersThisMonth: signUps.month,
        activityByType: byType,
        engagementRate: engagementRate(mau?.users ?? 0, signUps.total),
        asOf: now.toISOString(),
      };
    },

    async dailyActiveUsers(now = new Date()): Promise<DailyActiveUsers> {
      const last = startOfDay(now);
      const first = addDays(last, -29);
      const rows = await repo.countActiveUsers(db, 'day', utcDay(first), utcDay(last));
      const byDay = new Map(rows.map((r) => [r.periodStart, r.users]));
      const days = Array.from({ length: 30 }, (_, i) => {
        const date = utcDay(addDays(first, i));
        return { date, count: byDay.get(date) ?? 0 };
      });
      return { days };
    },

    async monthlyActiveUsers(now = new Date()): Promise<MonthlyActiveUsers> {
      const y = now.getUTCFullYear();
      const m = now.getUTCMonth();
      const keys = Array.from({ length: 12 }, (_, i) => monthKey(y, m - 11 + i));
      const rows = await repo.countActiveUsers(db, 'month', `${keys[0]!}-01`, `${keys.at(-1)!}-01`);
      const byMonth = new Map(rows.map((r) => [r.periodStart.slice(0, 7), r.users]));
      return { months: keys.map((month) => ({ month, count: byMonth.get(month) ?? 0 })) };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
