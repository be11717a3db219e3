import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userTiers } from '../../src/server/db/schema/index.ts';
import { makePilot, uniqueEmail } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * ADR 0013: a browser sends better-auth's signed session-data cookie beside the session token, and the
 * session is read from it while it is fresh. What the server decides by (tier, pilot, business) is read
 * from the database on every request, and signing out ends the session at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Signs in like a browser and keeps every cookie the server set. */
async function browserSignIn(tier: 'basic' | 'pro' = 'basic') {
  const res = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: uniqueEmail('cache'), tier } });
  expect(res.statusCode).toBe(200);
  const names = res.cookies.map((c) => c.name);
  expect(names.some((n) => n.endsWith('session_token'))).toBe(true);
  expect(names.some((n) => n.endsWith('session_data'))).toBe(true);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { cookie, userId: res.json<{ id: string }>().id };
}

const tierOf = async (cookie: string) => t.app.inject({ url: '/api/user/tier', headers: { cookie } });

describe('session-data cookie', () => {
  it('serves a browser from the cookie, without reading the session row', async () => {
    const { cookie, userId } = await browserSignIn();
    // With the row gone, only the cookie can still vouch for the session (the revocation delay ADR 0013
    // accepts: at most SESSION_COOKIE_CACHE_SECONDS); the token alone is refused at once.
    await t.db.delete(sessions).where(eq(sessions.userId, userId));
    const res = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ id: string }>().id).toBe(userId);
    const token = cookie.split('; ').find((c) => c.includes('session_token'))!;
    expect((await tierOf(token)).statusCode).toBe(401);
  });

  it('still reads the tier and business membership fresh on every request', async () => {
    const { cookie, userId } = await browserSignIn('basic');
    expect((await tierOf(cookie)).json<{ tier: string }>().tier).toBe('basic');
    await t.db.update(userTiers).set({ tier: 'pro' }).where(eq(userTiers.userId, userId));
    expect((await tierOf(cookie)).json<{ tier: string }>().tier).toBe('pro');
    await makePilot(t.db, userId, 'biz-7');
    const info = (await tierOf(cookie)).json<{ tier: string; isPilot: boolean; administratorBusinessId: string }>();
    expect(info).toMatchObject({ tier: 'business', isPilot: true, administratorBusinessId: 'biz-7' });
  });

  it('ends the session at once on sign-out, cookie cache or not', async () => {
    const { cookie } = await browserSignIn();
    const out = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    const cleared = out.cookies.filter((c) => c.maxAge === 0 || c.value === '');
    expect(cleared.map((c) => c.name).some((n) => n.endsWith('session_data'))).toBe(true);
    // The browser drops both cookies; the token alone no longer opens anything.
    const token = cookie.split('; ').find((c) => c.includes('session_token'))!;
    expect((await tierOf(token)).statusCode).toBe(401);
  });
});
