import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { localChangeBus, type ChangeBus } from '../../src/server/db/change-bus.ts';
import { sessions, users } from '../../src/server/db/schema/index.ts';
import { ACCESS_CACHE_SECONDS, accessChanged, accessChangedForEveryone, createAccessCache } from '../../src/server/modules/account/access-cache.ts';
import { findSessionAccess } from '../../src/server/modules/account/repo.ts';
import { createUser, makePilot, uniqueEmail } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * ADR 0016: a signed-in request is decided from the per-process access cache (session, user, tier,
 * membership), read at most ACCESS_CACHE_SECONDS ago. Every change the product makes applies to the
 * next request of the process that made it, and reaches other processes through the change bus.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
const tierOf = async (cookie: string) => (await get('/api/user/tier', { cookie })).json<{ tier: string; isPilot: boolean; administratorBusinessId: string | null }>();

/**
 * Resolves once every change published before it has been heard: notices arrive in commit order. On
 * PostgreSQL `publish` tells this process at once and again through LISTEN; only the second arrival
 * proves the earlier notices came in (waiting for the first made this wait nothing, a flaky CI run).
 */
async function everythingHeard(database: TestApp['database']): Promise<void> {
  const changes: ChangeBus = database.changes;
  const marker = `heard-${process.pid}-${Date.now()}`;
  let arrivals = database.kind === 'postgres' ? 2 : 1;
  const heard = new Promise<void>((resolve) => {
    const stop = changes.subscribe('test-marker', (key) => {
      if (key !== marker || --arrivals > 0) return;
      stop();
      resolve();
    });
  });
  await changes.ready();
  await changes.publish('test-marker', marker);
  await heard;
}

describe('the access cache in the app', () => {
  it('serves a session from the cache: a row deleted behind the product’s back is still honoured within the bound', async () => {
    const u = await createUser(t, 'cached');
    // On PostgreSQL this process also hears its own notices of the user's creation, through LISTEN, a
    // few milliseconds later: heard after the first request, one dropped its fresh entry (a CI run).
    await everythingHeard(t.database);
    expect((await get('/api/auth/user', u.headers)).statusCode).toBe(200);
    // An operator's SQL is not the product: nobody told the cache. The process keeps the entry for at
    // most ACCESS_CACHE_SECONDS (unit tests below pin the expiry with a clock).
    await t.db.delete(sessions).where(eq(sessions.userId, u.userId));
    expect((await get('/api/auth/user', u.headers)).statusCode).toBe(200);
    await accessChanged(t.database.changes, u.userId);
    expect((await get('/api/auth/user', u.headers)).statusCode).toBe(401);
  });

  it('no longer sets or trusts better-auth’s session-data cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: uniqueEmail('nodata') } });
    expect(res.cookies.map((c) => c.name).some((n) => n.endsWith('session_data'))).toBe(false);
    // A session-data cookie alone (as ADR 0013's browsers may still hold) opens nothing.
    expect((await get('/api/auth/user', { cookie: 'better-auth.session_data=eyJzZXNzaW9uIjp7fX0.sig' })).statusCode).toBe(401);
  });

  it('refuses a session cookie whose signature does not match, and a token signed with another secret', async () => {
    const u = await createUser(t, 'forged');
    const forged = u.cookie.replace(/\.[^.]+$/, '.' + 'A'.repeat(43) + '=');
    expect((await get('/api/auth/user', { cookie: forged })).statusCode).toBe(401);
    expect((await get('/api/auth/user', { cookie: `better-auth.session_token=${u.token}` })).statusCode).toBe(401);
  });

  it('sign-out ends the session at once, for the cookie and the bearer token', async () => {
    const u = await createUser(t, 'out');
    expect((await get('/api/auth/user', u.headers)).statusCode).toBe(200);
    expect((await get('/api/auth/user', { authorization: `Bearer ${u.token}` })).statusCode).toBe(200);
    const out = await get('/api/logout', u.headers);
    expect(out.statusCode).toBe(302);
    expect((await get('/api/auth/user', u.headers)).statusCode).toBe(401);
    expect((await get('/api/auth/user', { authorization: `Bearer ${u.token}` })).statusCode).toBe(401);
  });

  it('revoking the other sessions ends them at once', async () => {
    const email = uniqueEmail('two-devices');
    const laptop = await t.signIn(email);
    const phone = await t.signIn(email);
    expect((await get('/api/auth/user', { cookie: phone.cookie })).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      headers: { cookie: laptop.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await get('/api/auth/user', { cookie: phone.cookie })).statusCode).toBe(401);
    expect((await get('/api/auth/user', { cookie: laptop.cookie })).statusCode).toBe(200);
  });

  it('a tier change by the product applies to the very next request of an open session', async () => {
    const email = uniqueEmail('tiered');
    const { cookie } = await t.signIn(email, 'basic');
    expect((await tierOf(cookie)).tier).toBe('basic');
    // Signing in elsewhere with another tier goes through accounts.setTier, as billing and staff lists do.
    await t.signIn(email, 'pro');
    expect((await tierOf(cookie)).tier).toBe('pro');
    const { userId } = await t.signIn(email);
    await makePilot(t, userId, 'biz-7');
    expect(await tierOf(cookie)).toMatchObject({ tier: 'business', isPilot: true, administratorBusinessId: 'biz-7' });
  });

  it('a membership changed by SQL is seen once the cache is told, and everyone can be told at once', async () => {
    const u = await createUser(t, 'sql-member', 'basic');
    const me = async () => (await get('/api/auth/user', u.headers)).json<{ isPilot: boolean; administratorBusinessId: string | null }>();
    // On PostgreSQL the sign-in's own change notice arrives asynchronously; heard after the cache is
    // filled, it would empty it and the stale read below would see the new row (a flaky CI failure).
    await everythingHeard(t.database);
    expect(await me()).toMatchObject({ isPilot: false, administratorBusinessId: null });
    await t.db.update(users).set({ isPilot: true, administratorBusinessId: 'biz-sql' }).where(eq(users.id, u.userId));
    expect(await me()).toMatchObject({ isPilot: false, administratorBusinessId: null });
    await accessChangedForEveryone(t.database.changes);
    expect(await me()).toMatchObject({ isPilot: true, administratorBusinessId: 'biz-sql' });
  });

  it('a profile change through better-auth (update-user) shows at once', async () => {
    const u = await createUser(t, 'renamed');
    expect((await get('/api/auth/user', u.headers)).json<{ displayName: string | null }>().displayName).not.toBe('New Name');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...u.headers, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'New Name' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/auth/user', u.headers)).json<{ displayName: string | null }>().displayName).toBe('New Name');
  });

  it('never answers one user’s request with another’s session', async () => {
    const users = await Promise.all(['x1', 'x2', 'x3', 'x4'].map((l) => createUser(t, l)));
    const answers = await Promise.all([...users, ...users, ...users].map((u) => get('/api/auth/user', u.headers)));
    answers.forEach((res, i) => expect(res.json<{ id: string }>().id).toBe(users[i % users.length]!.userId));
  });
});

describe('createAccessCache', () => {
  async function counted() {
    const u = await createUser(t, 'unit');
    let reads = 0;
    let clock = 1_000_000;
    const bus = localChangeBus();
    const cache = createAccessCache(
      (token) => {
        reads += 1;
        return findSessionAccess(t.db, token);
      },
      bus,
      { now: () => clock, maxEntries: 3 },
    );
    return { u, bus, cache, reads: () => reads, advance: (ms: number) => (clock += ms) };
  }

  it('reads a token once while fresh, again after ACCESS_CACHE_SECONDS, and shares a read in flight', async () => {
    const { u, cache, reads, advance } = await counted();
    const [a, b] = await Promise.all([cache.get(u.token), cache.get(u.token)]);
    expect(a?.user.id).toBe(u.userId);
    expect(b).toBe(a);
    expect(reads()).toBe(1);
    advance(ACCESS_CACHE_SECONDS * 1000 - 1);
    await cache.get(u.token);
    expect(reads()).toBe(1);
    advance(1);
    await cache.get(u.token);
    expect(reads()).toBe(2);
  });

  it('drops a user’s entries on their key and everything on ALL_KEYS; a read in flight during a change is not kept', async () => {
    const { u, bus, cache, reads } = await counted();
    await cache.get(u.token);
    await bus.publish('user-access', 'someone-else');
    await cache.get(u.token);
    expect(reads()).toBe(1);
    await bus.publish('user-access', u.userId);
    await cache.get(u.token);
    expect(reads()).toBe(2);
    await bus.publish('user-access', '*');
    const inFlight = cache.get(u.token);
    await bus.publish('user-access', u.userId);
    await inFlight;
    expect(cache.size).toBe(0);
    await cache.get(u.token);
    expect(reads()).toBe(4);
  });

  it('answers null for a token no session has, and keeps at most maxEntries', async () => {
    const { cache } = await counted();
    expect(await cache.get('no-such-token')).toBeNull();
    const more = await Promise.all(['m1', 'm2', 'm3', 'm4'].map((l) => createUser(t, l)));
    for (const m of more) await cache.get(m.token);
    expect(cache.size).toBe(3);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL', () => {
  it('a change made in one is seen by the other through LISTEN/NOTIFY', async () => {
    const name = (await t.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const second = await openDatabase({ databaseUrl: url.toString() });
    const other = await createTestApp({}, {}, { database: { ...second, dispose: () => second.close() } });
    try {
      await other.database.changes.ready();
      const u = await createUser(t, 'two-proc', 'basic');
      expect((await other.app.inject({ url: '/api/user/tier', headers: u.headers })).json<{ tier: string }>().tier).toBe('basic');
      await t.signIn(u.email, 'pro');
      await waitFor(async () => (await other.app.inject({ url: '/api/user/tier', headers: u.headers })).json<{ tier: string }>().tier === 'pro', 'the other process to see the tier');
      await t.app.inject({ url: '/api/logout', headers: u.headers });
      await waitFor(async () => (await other.app.inject({ url: '/api/auth/user', headers: u.headers })).statusCode === 401, 'the other process to see the sign-out');
    } finally {
      await other.close();
      await second.close();
    }
  });
});
