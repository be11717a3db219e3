import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../../src/server/db/schema/index.ts';
import { ANONYMOUS_SENDERS_PER_MINUTE } from '../../src/server/modules/records/service.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

let t: TestApp;
let pro: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({}, {}, {
    beforeReady: (app, deps) => {
      // An unexpected failure deep in a handler: the one way to see what a 5xx records.
      app.get('/api/test/boom', { onRequest: deps.requireUser }, async () => {
        throw new Error('kaboom: the flux capacitor is offline');
      });
    },
  });
  pro = await createUser(t, 'records', 'pro');
});
afterAll(async () => t.close());

/** The error_logs row of an endpoint and status, once onResponse has written it (after the reply went out). */
const logOf = (endpoint: string, statusCode: number) =>
  waitFor(
    async () => (await t.db.select().from(errorLogs).where(and(eq(errorLogs.endpoint, endpoint), eq(errorLogs.statusCode, statusCode))))[0],
    `error log of ${endpoint} (${statusCode})`,
  );

describe('error_logs', () => {
  it('records a signed-out 401 with method, path, status, message and address, and no user', async () => {
    await t.app.inject({ url: '/api/preferences' });
    expect(await logOf('/api/preferences', 401)).toMatchObject({
      method: 'GET',
      statusCode: 401,
      errorMessage: 'Unauthorized',
      errorStack: null,
      userId: null,
      userTier: null,
      ipAddress: '127.0.0.1',
      resolved: false,
    });
  });

  it('records the user and their tier when signed in, and only the path of the URL', async () => {
    const url = '/api/user/tier/someone-else';
    const res = await t.app.inject({ url: `${url}?token=query-secret-123&x=1`, headers: pro.headers });
    expect(res.statusCode).toBe(404);
    const row = await logOf(url, 404);
    expect(row).toMatchObject({ method: 'GET', statusCode: 404, errorMessage: 'User not found', userId: pro.userId, userTier: 'pro', errorStack: null });
  });

  it('records a refused body with its validation message and the user who sent it', async () => {
    const user = await createUser(t, 'records-validation', 'hobbyist');
    const res = await t.app.inject({ method: 'POST', url: '/api/bug-report', headers: { ...user.headers, origin: TEST_ORIGIN }, payload: { description: 'short' } });
    expect(res.statusCode).toBe(400);
    const row = await waitFor(
      async () => (await t.db.select().from(errorLogs).where(eq(errorLogs.userId, user.userId)))[0],
      'error log of the bug report',
    );
    expect(row).toMatchObject({ method: 'POST', endpoint: '/api/bug-report', statusCode: 400, userTier: 'hobbyist' });
    expect(row.errorMessage).toContain('Please select the type of issue');
    expect(row.errorMessage).toBe(res.json<{ message: string }>().message);
  });

  it('records unknown paths, cross-origin refusals and oversized bodies', async () => {
    await t.app.inject({ method: 'POST', url: '/api/records-nowhere', headers: { origin: TEST_ORIGIN } });
    expect(await logOf('/api/records-nowhere', 404)).toMatchObject({ statusCode: 404, errorMessage: 'Not found: POST /api/records-nowhere' });

    const user = await createUser(t, 'records-big');
    await t.app.inject({ method: 'POST', url: '/api/help-request', headers: { ...user.headers, origin: 'https://evil.example' }, payload: {} });
    expect(await logOf('/api/help-request', 403)).toMatchObject({ statusCode: 403, errorMessage: 'Cross-origin request refused.' });

    await t.app.inject({ method: 'POST', url: '/api/feedback', headers: { ...user.headers, origin: TEST_ORIGIN }, payload: { message: 'x'.repeat(150_000) } });
    expect(await logOf('/api/feedback', 413)).toMatchObject({ statusCode: 413, userId: user.userId });
  });

  it("records the message of a sign-in endpoint's error", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ callbackURL: '/' }),
    });
    expect(res.statusCode).toBe(400);
    const { message } = res.json<{ message: string }>();
    expect(message).toContain('email');
    expect(await logOf('/api/auth/sign-in/magic-link', 400)).toMatchObject({ method: 'POST', errorMessage: message });
  });

  it('keeps the stack of a 5xx, and tells the caller nothing of it', async () => {
    const res = await t.app.inject({ url: '/api/test/boom', headers: pro.headers });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    const row = await logOf('/api/test/boom', 500);
    expect(row).toMatchObject({ statusCode: 500, userId: pro.userId, userTier: 'pro' });
    expect(row.errorStack).toContain('kaboom: the flux capacitor is offline');
    expect(row.errorStack).toContain('records.test.ts');
  });

  it('writes nothing for a successful response', async () => {
    const ok = await t.app.inject({ url: '/api/login/providers' });
    expect(ok.statusCode).toBe(200);
    // A later failing request is recorded after the earlier success would have been.
    await t.app.inject({ url: '/api/records-after-success' });
    await logOf('/api/records-after-success', 404);
    expect(await t.db.select().from(errorLogs).where(eq(errorLogs.endpoint, '/api/login/providers'))).toHaveLength(0);
  });

  it('never stores the request body, the cookie, the bearer token or the query string', async () => {
    const secret = 'SECRET-body-value-7f3a';
    const user = await createUser(t, 'records-secrets');
    const headers = { cookie: user.cookie, authorization: `Bearer ${user.token}`, origin: TEST_ORIGIN };
    await t.app.inject({ method: 'POST', url: '/api/feedback', headers, payload: { feedbackType: 'nope', message: secret, additionalDetails: secret } });
    await t.app.inject({ method: 'POST', url: '/api/preferences', headers, payload: { theme: secret } });
    await t.app.inject({ method: 'POST', url: '/api/help-request?token=query-secret-9', headers, payload: { name: secret, email: secret, subject: secret, message: secret } });
    await waitFor(async () => (await t.db.select().from(errorLogs).where(eq(errorLogs.userId, user.userId))).length >= 3, 'three error logs');

    const everything = JSON.stringify(await t.db.select().from(errorLogs));
    const sessionValue = decodeURIComponent(user.cookie.split('=')[1]!);
    for (const leaked of [secret, user.token, sessionValue, 'query-secret']) expect(everything).not.toContain(leaked);
  });

  it('signed-out client errors are counted on one row per sender, route and status, not a row each', async () => {
    const flood = 600;
    const ip = '198.51.100.23';
    for (let i = 0; i < flood; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => t.app.inject({ method: 'GET', url: `/api/drones?n=${i + j}`, remoteAddress: ip })));
    }
    const rows = await waitFor(async () => {
      const r = await t.db.select().from(errorLogs).where(and(eq(errorLogs.ipAddress, ip), eq(errorLogs.endpoint, '/api/drones')));
      return r.reduce((n, row) => n + row.occurrences, 0) === flood ? r : null;
    }, 'every refusal counted');
    // One row per minute: two when the flood straddles a minute boundary.
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows[0]).toMatchObject({ statusCode: 401, method: 'GET', errorMessage: 'Unauthorized', userId: null });
  });

  it('many signed-out senders cannot add rows without bound either', async () => {
    const senders = ANONYMOUS_SENDERS_PER_MINUTE + 150;
    const before = (await t.db.select().from(errorLogs).where(eq(errorLogs.endpoint, '/api/preferences'))).length;
    for (let i = 0; i < senders; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, senders - i) }, (_, j) => t.app.inject({ method: 'GET', url: '/api/preferences', remoteAddress: `10.9.${Math.floor((i + j) / 200)}.${(i + j) % 200}` })),
      );
    }
    const rows = await waitFor(async () => {
      const r = await t.db.select().from(errorLogs).where(eq(errorLogs.endpoint, '/api/preferences'));
      return r.reduce((n, row) => n + row.occurrences, 0) >= senders ? r : null;
    }, 'every refusal counted');
    // At most the minute's budget of addresses, plus the shared row(s) for the rest.
    expect(rows.length - before).toBeLessThanOrEqual(ANONYMOUS_SENDERS_PER_MINUTE + 2);
  });

  it('a signed-in user repeating a client error is counted too, per route', async () => {
    const user = await createUser(t, 'records-repeat');
    for (let i = 0; i < 30; i++) await t.app.inject({ method: 'DELETE', url: `/api/drones/${900000 + i}`, headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
    const rows = await waitFor(async () => {
      const r = await t.db.select().from(errorLogs).where(eq(errorLogs.userId, user.userId));
      return r.reduce((n, row) => n + row.occurrences, 0) === 30 ? r : null;
    }, 'thirty refusals counted');
    expect(rows.length).toBeLessThanOrEqual(2);
  });
});
