import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart, utcDay } from '../../src/shared/periods.ts';
import { PLANS } from '../../src/shared/plans.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import { addDailyQueries, createUser, makePilot } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (d: Date, n: number) => utcDay(new Date(d.getTime() - n * DAY_MS));

async function tierOf(headers: { cookie: string }, path = '/api/user/tier') {
  const res = await t.app.inject({ url: path, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>>();
}

describe('GET /api/user/tier', () => {
  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ url: '/api/user/tier' })).statusCode).toBe(401);
  });

  it('gives every field for a new basic user', async () => {
    const u = await createUser(t, 'tier-fields');
    expect(await tierOf(u.headers)).toEqual({
      tier: 'basic',
      originalTier: 'basic',
      isPilot: false,
      administratorBusinessId: null,
      queryLimit: 3,
      queryCount: 0,
      timePeriod: 'weekly',
    });
  });

  const limited: [Tier, number, 'weekly' | 'monthly'][] = [
    ['basic', 3, 'weekly'],
    ['hobbyist', 10, 'weekly'],
    ['pro', 100, 'monthly'],
  ];
  for (const [tier, limit, period] of limited) {
    it(`${tier}: ${limit} queries ${period}, from the plan catalogue`, async () => {
      const u = await createUser(t, `tier-${tier}`, tier);
      const info = await tierOf(u.headers);
      expect(info).toMatchObject({ tier, originalTier: tier, queryLimit: limit, timePeriod: period });
      expect(info.queryLimit).toBe(PLANS[tier].queryLimit);
    });
  }

  for (const tier of ['business', 'business_pro', 'enterprise', 'admin', 'developer', 'super_admin'] as const) {
    it(`${tier}: unlimited (queryLimit null)`, async () => {
      const u = await createUser(t, `tier-${tier}`, tier);
      expect(await tierOf(u.headers)).toMatchObject({ tier, originalTier: tier, queryLimit: null });
    });
  }

  it('counts only the current week (from Monday 00:00 UTC) for a weekly plan', async () => {
    const u = await createUser(t, 'count-weekly', 'hobbyist');
    const weekStart = periodStart('weekly', new Date());
    await addDailyQueries(t.db, u.userId, utcDay(weekStart), 2);
    await addDailyQueries(t.db, u.userId, daysBefore(weekStart, 1), 5); // last Sunday
    await addDailyQueries(t.db, u.userId, daysBefore(weekStart, 7), 7); // last Monday
    expect(await tierOf(u.headers)).toMatchObject({ queryCount: 2, queryLimit: 10 });
    const today = utcDay(new Date());
    if (today !== utcDay(weekStart)) {
      await addDailyQueries(t.db, u.userId, today, 1);
      expect(await tierOf(u.headers)).toMatchObject({ queryCount: 3 });
    }
  });

  it('counts only the current month (from the 1st UTC) for a monthly plan', async () => {
    const u = await createUser(t, 'count-monthly', 'pro');
    const monthStart = periodStart('monthly', new Date());
    await addDailyQueries(t.db, u.userId, utcDay(monthStart), 4);
    await addDailyQueries(t.db, u.userId, daysBefore(monthStart, 1), 9); // last day of last month
    await addDailyQueries(t.db, u.userId, daysBefore(monthStart, 20), 11);
    expect(await tierOf(u.headers)).toMatchObject({ queryCount: 4, queryLimit: 100, timePeriod: 'monthly' });
  });

  it("never counts another user's queries", async () => {
    const a = await createUser(t, 'count-mine');
    const b = await createUser(t, 'count-theirs');
    await addDailyQueries(t.db, b.userId, utcDay(new Date()), 3);
    expect(await tierOf(a.headers)).toMatchObject({ queryCount: 0 });
    expect(await tierOf(b.headers)).toMatchObject({ queryCount: 3 });
  });

  it('a pilot of a business works under the business plan and keeps the stored tier as originalTier', async () => {
    const u = await createUser(t, 'pilot', 'hobbyist');
    await makePilot(t, u.userId, 'business-42');
    expect(await tierOf(u.headers)).toEqual({
      tier: 'business',
      originalTier: 'hobbyist',
      isPilot: true,
      administratorBusinessId: 'business-42',
      queryLimit: null,
      queryCount: 0,
      timePeriod: PLANS.business.period,
    });
    const me = await t.app.inject({ url: '/api/auth/user', headers: u.headers });
    expect(me.json()).toMatchObject({ isPilot: true, administratorBusinessId: 'business-42' });
  });
});

describe('GET /api/user/tier/{userId}', () => {
  it('answers the caller their own tier', async () => {
    const u = await createUser(t, 'own-tier', 'pro');
    await addDailyQueries(t.db, u.userId, utcDay(new Date()), 6);
    expect(await tierOf(u.headers, `/api/user/tier/${u.userId}`)).toMatchObject({ tier: 'pro', queryCount: 6, queryLimit: 100, timePeriod: 'monthly' });
  });

  it("answers 404, not 403, for another user's id, and for an unknown id", async () => {
    const a = await createUser(t, 'probe-a');
    const b = await createUser(t, 'probe-b', 'business');
    for (const id of [b.userId, '00000000-0000-0000-0000-000000000000']) {
      const res = await t.app.inject({ url: `/api/user/tier/${id}`, headers: a.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it("a business administrator is not staff: another user's tier is 404", async () => {
    const boss = await createUser(t, 'business-boss', 'business');
    const other = await createUser(t, 'business-other');
    expect((await t.app.inject({ url: `/api/user/tier/${other.userId}`, headers: boss.headers })).statusCode).toBe(404);
  });

  for (const staffTier of ['admin', 'developer', 'super_admin'] as const) {
    it(`${staffTier} may read any user's tier; an unknown id is still 404`, async () => {
      const staff = await createUser(t, `staff-${staffTier}`, staffTier);
      const target = await createUser(t, `staff-target-${staffTier}`, 'hobbyist');
      await addDailyQueries(t.db, target.userId, utcDay(new Date()), 2);
      expect(await tierOf(staff.headers, `/api/user/tier/${target.userId}`)).toMatchObject({ tier: 'hobbyist', queryCount: 2, queryLimit: 10 });
      const unknown = await t.app.inject({ url: '/api/user/tier/no-such-user', headers: staff.headers });
      expect(unknown.statusCode).toBe(404);
    });
  }

  it('answers 401 signed out and 400 for an over-long id', async () => {
    const u = await createUser(t, 'tier-long-id');
    expect((await t.app.inject({ url: `/api/user/tier/${u.userId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/user/tier/${'x'.repeat(65)}`, headers: u.headers })).statusCode).toBe(400);
  });
});
