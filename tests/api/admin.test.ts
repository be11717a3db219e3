import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs, helpRequests, mailOutbox, tierChanges, userTiers } from '../../src/server/db/schema/index.ts';
import type { AdminHelpRequest, AdminUser, ErrorList, ErrorLog, HelpRequestList, HelpStats, UserList } from '../../src/shared/admin.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let superAdmin: SignedInUser;
let admin: SignedInUser;
let developer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await createUser(t, 'boss', 'super_admin');
  admin = await createUser(t, 'admin', 'admin');
  developer = await createUser(t, 'dev', 'developer');
});
afterAll(async () => t.close());

const call = (user: SignedInUser, method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, ...user.headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function ok<T>(user: SignedInUser, method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: unknown): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function seedError(endpoint: string, statusCode: number, at: Date) {
  const [row] = await t.db
    .insert(errorLogs)
    .values({ method: 'GET', endpoint, statusCode, errorMessage: `failed ${statusCode}`, timestamp: at })
    .returning();
  return row!;
}

describe('error logs', () => {
  const base = Date.UTC(2026, 0, 10, 12);
  let e500: string;
  let e404: string;
  beforeAll(async () => {
    e500 = (await seedError('/api/things/boom', 500, new Date(base))).id;
    e404 = (await seedError('/api/things/missing', 404, new Date(base + 1000))).id;
    for (let i = 0; i < 5; i++) await seedError(`/api/paged/${i}`, 422, new Date(base - 10_000 - i * 1000));
  });

  it('lists unresolved errors newest first, filtered by status class and path', async () => {
    const all = await ok<ErrorList>(admin, 'GET', '/api/admin/errors?path=/api/things');
    expect(all.errors.map((e) => e.id)).toEqual([e404, e500]);
    const server = await ok<ErrorList>(admin, 'GET', '/api/admin/errors?statusClass=server&path=things');
    expect(server.errors.map((e) => e.id)).toEqual([e500]);
    const client = await ok<ErrorList>(developer, 'GET', '/api/admin/errors?statusClass=client&path=THINGS');
    expect(client.errors.map((e) => e.id)).toEqual([e404]);
  });

  it('pages with the shared cursor contract and refuses a forged cursor', async () => {
    const first = await ok<ErrorList>(admin, 'GET', '/api/admin/errors?path=/api/paged/&limit=2');
    expect(first.errors.map((e) => e.endpoint)).toEqual(['/api/paged/0', '/api/paged/1']);
    const second = await ok<ErrorList>(admin, 'GET', `/api/admin/errors?path=/api/paged/&limit=2&cursor=${first.nextCursor!}`);
    expect(second.errors.map((e) => e.endpoint)).toEqual(['/api/paged/2', '/api/paged/3']);
    const third = await ok<ErrorList>(admin, 'GET', `/api/admin/errors?path=/api/paged/&limit=2&cursor=${second.nextCursor!}`);
    expect(third.errors.map((e) => e.endpoint)).toEqual(['/api/paged/4']);
    expect(third.nextCursor).toBeNull();
    const forged = await call(admin, 'GET', '/api/admin/errors?cursor=bm9wZQ');
    expect(forged.statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/admin/errors?limit=201')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/admin/errors?statusClass=teapot')).statusCode).toBe(400);
  });

  it('resolves with trimmed notes; the resolved error leaves the default list and shows with includeResolved', async () => {
    const resolved = await ok<ErrorLog>(admin, 'PATCH', `/api/admin/errors/${e500}/resolve`, { notes: '  Fixed in the deploy of Monday  ' });
    expect(resolved).toMatchObject({ id: e500, resolved: true, notes: 'Fixed in the deploy of Monday' });
    expect(resolved.resolvedAt).not.toBeNull();
    const unresolved = await ok<ErrorList>(admin, 'GET', '/api/admin/errors?path=/api/things');
    expect(unresolved.errors.map((e) => e.id)).toEqual([e404]);
    const withResolved = await ok<ErrorList>(admin, 'GET', '/api/admin/errors?path=/api/things&includeResolved=true');
    expect(withResolved.errors.map((e) => e.id)).toEqual([e404, e500]);
  });

  it('blank notes become none', async () => {
    const resolved = await ok<ErrorLog>(superAdmin, 'PATCH', `/api/admin/errors/${e404}/resolve`, { notes: '   ' });
    expect(resolved.notes).toBeNull();
    const [row] = await t.db.select().from(errorLogs).where(eq(errorLogs.id, e404));
    expect(row).toMatchObject({ resolved: true, notes: null });
  });

  it('a developer reads but cannot resolve; oversize notes and a bad id answer 400 and change nothing', async () => {
    const fresh = await seedError('/api/things/again', 500, new Date());
    expect((await call(developer, 'PATCH', `/api/admin/errors/${fresh.id}/resolve`, { notes: 'x' })).statusCode).toBe(403);
    const long = await call(admin, 'PATCH', `/api/admin/errors/${fresh.id}/resolve`, { notes: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('at most 2000 characters');
    expect((await call(admin, 'PATCH', '/api/admin/errors/not-a-uuid/resolve', {})).statusCode).toBe(400);
    const [row] = await t.db.select().from(errorLogs).where(eq(errorLogs.id, fresh.id));
    expect(row!.resolved).toBe(false);
  });

  it('the app records its own failures: a refused staff call appears in the log', async () => {
    const pilot = await createUser(t, 'curious', 'pro');
    await call(pilot, 'GET', '/api/admin/users');
    await new Promise((r) => setTimeout(r, 50));
    const list = await ok<ErrorList>(admin, 'GET', '/api/admin/errors?path=/api/admin/users&statusClass=client');
    expect(list.errors.some((e) => e.userId === pilot.userId && e.statusCode === 403)).toBe(true);
  });

  it('repeats of a client error show as one row with their count', async () => {
    const pilot = await createUser(t, 'repeating', 'pro');
    for (let i = 0; i < 4; i++) await call(pilot, 'GET', '/api/admin/help-requests');
    await new Promise((r) => setTimeout(r, 50));
    const list = await ok<ErrorList>(admin, 'GET', '/api/admin/errors?path=/api/admin/help-requests&statusClass=client');
    const mine = list.errors.filter((e) => e.userId === pilot.userId);
    // One row (two if the minute turned meanwhile) whose counts add up to the four refusals.
    expect(mine.length).toBeLessThanOrEqual(2);
    expect(mine.reduce((n, e) => n + e.occurrences, 0)).toBe(4);
    expect(JSON.stringify(mine)).not.toContain('aggregateKey');
  });
});

describe('users and tiers', () => {
  it('lists users newest first with paging, and searches by e-mail, display name or id', async () => {
    const a = await createUser(t, 'zebra-searchable', 'basic');
    const b = await createUser(t, 'zebra-searchable', 'hobbyist');
    const first = await ok<UserList>(admin, 'GET', '/api/admin/users?limit=1');
    expect(first.users).toHaveLength(1);
    expect(first.users[0]!.id).toBe(b.userId);
    const next = await ok<UserList>(admin, 'GET', `/api/admin/users?limit=1&cursor=${first.nextCursor!}`);
    expect(next.users[0]!.id).toBe(a.userId);

    const byEmail = await ok<UserList>(admin, 'GET', `/api/admin/users/search?query=${encodeURIComponent(a.email.toUpperCase())}`);
    expect(byEmail.users.map((u) => u.id)).toEqual([a.userId]);
    const byName = await ok<UserList>(admin, 'GET', '/api/admin/users/search?query=zebra-searchable');
    expect(byName.users.map((u) => u.id).sort()).toEqual([a.userId, b.userId].sort());
    const byId = await ok<UserList>(developer, 'GET', `/api/admin/users/search?query=${b.userId}`);
    expect(byId.users.map((u) => u.id)).toEqual([b.userId]);
    const wildcard = await ok<UserList>(admin, 'GET', '/api/admin/users/search?query=%25');
    expect(wildcard.users).toEqual([]);
  });

  it('search needs a non-empty query', async () => {
    for (const q of ['', '?query=', '?query=%20%20']) {
      const res = await call(admin, 'GET', `/api/admin/users/search${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('query: is required');
    }
  });

  it('assigns a tier, records who, when, from and to, and shows it on the row', async () => {
    const u = await createUser(t, 'upgrade-me');
    const before = Date.now();
    const view = await ok<AdminUser>(admin, 'PUT', `/api/admin/users/${u.userId}/tier`, { tier: 'pro' });
    expect(view.tier).toBe('pro');
    expect(view.lastTierChange).toMatchObject({ fromTier: 'basic', toTier: 'pro', changedBy: admin.email });
    expect(Date.parse(view.lastTierChange!.changedAt)).toBeGreaterThanOrEqual(before - 1000);
    const rows = await t.db.select().from(tierChanges).where(eq(tierChanges.userId, u.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fromTier: 'basic', toTier: 'pro', changedBy: admin.userId });
    const listed = await ok<UserList>(admin, 'GET', `/api/admin/users/search?query=${u.userId}`);
    expect(listed.users[0]!.lastTierChange).toMatchObject({ fromTier: 'basic', toTier: 'pro', changedBy: admin.email });
    // The user's next request runs on the new tier.
    const tier = await ok<{ tier: string }>(u, 'GET', '/api/user/tier');
    expect(tier.tier).toBe('pro');
    // The same tier again changes and records nothing.
    await ok<AdminUser>(admin, 'PUT', `/api/admin/users/${u.userId}/tier`, { tier: 'pro' });
    expect(await t.db.select().from(tierChanges).where(eq(tierChanges.userId, u.userId))).toHaveLength(1);
  });

  it('records tier changes that come from elsewhere too (the developer sign-in here), by the trigger on user_tiers', async () => {
    const u = await createUser(t, 'dev-made', 'hobbyist');
    const rows = await t.db.select().from(tierChanges).where(eq(tierChanges.userId, u.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fromTier: 'basic', toTier: 'hobbyist', changedBy: 'dev-login' });
    const listed = await ok<UserList>(admin, 'GET', `/api/admin/users/search?query=${u.userId}`);
    expect(listed.users[0]!.lastTierChange).toMatchObject({ fromTier: 'basic', toTier: 'hobbyist', changedBy: 'dev-login' });
  });

  it('answers the spec message without a tier, and refuses unknown tiers, changing nothing', async () => {
    const u = await createUser(t, 'no-tier');
    for (const body of [{}, { tier: '' }, { tier: 'platinum' }]) {
      const res = await call(admin, 'PUT', `/api/admin/users/${u.userId}/tier`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('Please select both a user and a tier');
    }
    const [row] = await t.db.select().from(userTiers).where(eq(userTiers.userId, u.userId));
    expect(row!.tier).toBe('basic');
  });

  it('nobody changes their own tier', async () => {
    const res = await call(admin, 'PUT', `/api/admin/users/${admin.userId}/tier`, { tier: 'super_admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe('You cannot change your own tier.');
    expect((await call(superAdmin, 'PUT', `/api/admin/users/${superAdmin.userId}/tier`, { tier: 'basic' })).statusCode).toBe(403);
  });

  it('only a super_admin grants or removes admin, developer or super_admin', async () => {
    const u = await createUser(t, 'promote');
    for (const tier of ['admin', 'developer', 'super_admin']) {
      const res = await call(admin, 'PUT', `/api/admin/users/${u.userId}/tier`, { tier });
      expect(res.statusCode, tier).toBe(403);
      expect(res.json<{ message: string }>().message).toContain('Only a super_admin');
    }
    const otherAdmin = await createUser(t, 'other-admin', 'admin');
    expect((await call(admin, 'PUT', `/api/admin/users/${otherAdmin.userId}/tier`, { tier: 'basic' })).statusCode).toBe(403);
    await ok<AdminUser>(superAdmin, 'PUT', `/api/admin/users/${u.userId}/tier`, { tier: 'developer' });
    await ok<AdminUser>(superAdmin, 'PUT', `/api/admin/users/${otherAdmin.userId}/tier`, { tier: 'basic' });
    const [row] = await t.db.select().from(userTiers).where(eq(userTiers.userId, u.userId));
    expect(row!.tier).toBe('developer');
  });
});

describe('help requests', () => {
  let requester: SignedInUser;
  let id: string;
  beforeAll(async () => {
    requester = await createUser(t, 'needs-help');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/help-request',
      headers: { origin: TEST_ORIGIN, ...requester.headers },
      payload: { name: 'Rita Requester', email: 'rita.reply@example.com', subject: 'weather', message: 'Why is the Kp index missing?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json<{ id: string }>().id;
  });

  it('lists with stats, newest first, paged and filtered by status', async () => {
    const stats = await ok<HelpStats>(developer, 'GET', '/api/admin/help-requests/stats');
    expect(stats).toEqual({ total: 1, open: 1, inProgress: 0, resolved: 0 });
    const list = await ok<HelpRequestList>(developer, 'GET', '/api/admin/help-requests?limit=10');
    expect(list.helpRequests[0]).toMatchObject({ id, subject: 'weather', userName: 'Rita Requester', userEmail: 'rita.reply@example.com', status: 'open', priority: 'normal' });
    expect(list.nextCursor).toBeNull();
    expect((await ok<HelpRequestList>(developer, 'GET', '/api/admin/help-requests?status=resolved')).helpRequests).toEqual([]);
  });

  it('sends only changed fields; none changed answers No Changes and writes nothing', async () => {
    for (const body of [{}, { status: 'open' }, { priority: 'normal', internalNotes: '' }]) {
      const res = await call(admin, 'PATCH', `/api/admin/help-requests/${id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'No Changes: No changes were made to update.', code: 'NO_CHANGES' });
    }
    const bad = await call(admin, 'PATCH', `/api/admin/help-requests/${id}`, { status: 'waiting' });
    expect(bad.statusCode).toBe(400);
    expect((await call(admin, 'PATCH', `/api/admin/help-requests/${id}`, { colour: 'red' })).statusCode).toBe(400);
    expect((await call(admin, 'PATCH', `/api/admin/help-requests/${id}`, { adminResponse: '   ' })).statusCode).toBe(400);
    const [row] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, id));
    expect(row).toMatchObject({ status: 'open', priority: 'normal', adminResponse: null });
  });

  it('an admin response is trimmed, stamped and mailed to the requester', async () => {
    const updated = await ok<AdminHelpRequest>(admin, 'PATCH', `/api/admin/help-requests/${id}`, {
      status: 'resolved',
      priority: 'high',
      adminResponse: '  The Kp feed was down for an hour; it is back.  ',
      internalNotes: 'SWPC outage',
    });
    expect(updated).toMatchObject({ status: 'resolved', priority: 'high', adminResponse: 'The Kp feed was down for an hour; it is back.', internalNotes: 'SWPC outage' });
    expect(updated.respondedAt).not.toBeNull();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rita.reply@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('The Kp feed was down for an hour; it is back.');
    const [row] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, id));
    expect(row!.respondedBy).toBe(admin.userId);
    expect(await ok<HelpStats>(admin, 'GET', '/api/admin/help-requests/stats')).toEqual({ total: 1, open: 0, inProgress: 0, resolved: 1 });
    // Changing only the notes mails nothing more.
    await ok<AdminHelpRequest>(admin, 'PATCH', `/api/admin/help-requests/${id}`, { internalNotes: 'SWPC outage, 14:00 UTC' });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rita.reply@example.com'))).toHaveLength(1);
  });

  it('a developer reads but cannot change', async () => {
    expect((await call(developer, 'PATCH', `/api/admin/help-requests/${id}`, { status: 'closed' })).statusCode).toBe(403);
  });
});
