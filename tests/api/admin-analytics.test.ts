import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActivity, users } from '../../src/server/db/schema/index.ts';
import { createAdminService } from '../../src/server/modules/admin/service.ts';
import type { Analytics, DailyActiveUsers, MonthlyActiveUsers } from '../../src/shared/admin.ts';
import { createUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Analytics against a seeded history on its own database: users signing up and active on known days,
 * around the UTC day, week (Monday) and month (1st) boundaries. "Now" is Wednesday 2026-03-04 10:00 UTC;
 * the week began Monday 2026-03-02 and the month Sunday 2026-03-01.
 */
let t: TestApp;
const now = new Date('2026-03-04T10:00:00Z');
let service: ReturnType<typeof createAdminService>;

const signUps: [string, string][] = [
  ['old', '2025-06-15T12:00:00Z'],
  ['feb-last-second', '2026-02-28T23:59:59Z'],
  ['month-first', '2026-03-01T00:00:00Z'],
  ['sunday-late', '2026-03-01T23:59:59Z'],
  ['week-first', '2026-03-02T00:00:00Z'],
  ['yesterday', '2026-03-03T12:00:00Z'],
  ['today', '2026-03-04T00:00:00Z'],
  ['today-later', '2026-03-04T09:59:00Z'],
];
/** [user, day, type] */
const activity: [string, string, string][] = [
  ['old', '2025-04-10', 'sign_in'], // 11 months back: the first month of the chart
  ['old', '2025-03-31', 'sign_in'], // 12 months back: outside the chart
  ['old', '2026-02-03', 'api_use'], // the first day of the 30-day chart
  ['old', '2026-02-02', 'api_use'], // the day before it
  ['feb-last-second', '2026-02-28', 'api_use'],
  ['feb-last-second', '2026-03-01', 'api_use'],
  ['month-first', '2026-03-01', 'sign_in'],
  ['month-first', '2026-03-04', 'api_use'],
  ['week-first', '2026-03-04', 'api_use'],
  ['week-first', '2026-03-04', 'sign_in'],
  ['today', '2026-03-04', 'sign_in'],
  ['yesterday', '2026-03-03', 'api_use'],
];

beforeAll(async () => {
  t = await createTestApp();
  for (const [id, at] of signUps) await t.db.insert(users).values({ id, email: `${id}@example.com`, name: id, createdAt: new Date(at) });
  for (const [userId, activityDate, activityType] of activity) await t.db.insert(userActivity).values({ userId, activityDate, activityType });
  service = createAdminService(t.db, t.deps.mail, { warn: () => undefined }, t.deps.changes);
});
afterAll(async () => t.close());

describe('analytics at Wednesday 2026-03-04 10:00 UTC', () => {
  it('counts users, actives and sign-ups by UTC day, Monday week and calendar month', async () => {
    const a = await service.analytics(now);
    expect(a).toMatchObject({
      totalUsers: 8,
      dailyActiveUsers: 3, // month-first, week-first, today
      monthlyActiveUsers: 5, // feb-last-second, month-first, week-first, today, yesterday
      newUsersToday: 2,
      newUsersThisWeek: 4, // week-first, yesterday, today, today-later
      newUsersThisMonth: 6, // + month-first, sunday-late; not feb-last-second
      engagementRate: 62.5,
      asOf: now.toISOString(),
    });
    expect(a.activityByType).toEqual([
      { activityType: 'api_use', count: 4 },
      { activityType: 'sign_in', count: 3 },
    ]);
  });

  it('gives 30 zero-filled days ending today, oldest first', async () => {
    const { days } = await service.dailyActiveUsers(now);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-02-03', count: 1 });
    expect(days.at(-1)).toEqual({ date: '2026-03-04', count: 3 });
    expect(days.find((d) => d.date === '2026-03-01')).toEqual({ date: '2026-03-01', count: 2 });
    expect(days.find((d) => d.date === '2026-02-10')).toEqual({ date: '2026-02-10', count: 0 });
  });

  it('gives 12 zero-filled calendar months ending this one', async () => {
    const { months } = await service.monthlyActiveUsers(now);
    expect(months.map((m) => m.month)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    expect(months[0]).toEqual({ month: '2025-04', count: 1 });
    expect(months.find((m) => m.month === '2026-02')).toEqual({ month: '2026-02', count: 2 });
    expect(months.at(-1)).toEqual({ month: '2026-03', count: 5 });
  });

  it('before anyone signed up: nothing counted, an engagement rate of 0 and not NaN', async () => {
    const far = await service.analytics(new Date('2020-01-01T00:00:00Z'));
    expect(far).toMatchObject({ totalUsers: 0, newUsersToday: 0, dailyActiveUsers: 0, monthlyActiveUsers: 0, engagementRate: 0 });
  });
});

describe('the analytics routes', () => {
  it('answer a super_admin with today\'s figures, including their own sign-in', async () => {
    const boss = await createUser(t, 'boss', 'super_admin');
    const res = await t.app.inject({ url: '/api/admin/analytics', headers: boss.headers });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<Analytics>();
    expect(a.totalUsers).toBe(9);
    expect(a.newUsersToday).toBe(1);
    expect(a.dailyActiveUsers).toBe(1);
    expect(a.engagementRate).toBe(11.1);
    const daily = (await t.app.inject({ url: '/api/admin/analytics/daily-active-users', headers: boss.headers })).json<DailyActiveUsers>();
    expect(daily.days.at(-1)!.count).toBe(1);
    const monthly = (await t.app.inject({ url: '/api/admin/analytics/monthly-active-users', headers: boss.headers })).json<MonthlyActiveUsers>();
    expect(monthly.months).toHaveLength(12);
    expect(monthly.months.at(-1)!.count).toBe(1);
  });
});
