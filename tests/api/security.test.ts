import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailOutbox, userFeedback, userPreferences } from '../../src/server/db/schema/index.ts';
import { createUser, uniqueEmail, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({}, {}, {
    // A route guarded the way a module might write it (preHandler): the app must still check the
    // session before it validates the body.
    beforeReady: (app, deps) => {
      app.post('/api/test/guarded', { preHandler: deps.requireUser, schema: { body: z.object({ n: z.number() }) } }, async () => ({ ok: true }));
    },
  });
  user = await createUser(t, 'security');
});
afterAll(async () => t.close());

const feedback = { feedbackType: 'other', message: 'A perfectly fine message.' };
const feedbackCount = async () => (await t.db.select().from(userFeedback)).length;

describe('signed out', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/api/auth/user'],
    ['GET', '/api/user/tier'],
    ['GET', '/api/user/tier/some-id'],
    ['GET', '/api/preferences'],
    ['GET', '/api/preferences/some-id'],
    ['POST', '/api/preferences', { theme: 'dark' }],
    ['POST', '/api/feedback', feedback],
    ['POST', '/api/bug-report', { bugType: 'other', description: 'Something is off here.' }],
    ['POST', '/api/help-request', { name: 'A', email: 'a@example.com', subject: 'other', message: 'Help' }],
  ];
  for (const [method, url, payload] of routes) {
    it(`${method} ${url} answers 401 { message, code }`, async () => {
      const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
    });
  }

  it('every route behind the sign-in guard, whatever module added it, answers 401 signed out', async () => {
    const guarded = t.guardedRoutes.map((r) => `${r.method} ${r.url}`);
    // The foundation's own routes are among them (so this cannot pass on an empty list).
    for (const [method, url] of routes) expect(guarded).toContain(`${method} ${url.replace('some-id', ':userId')}`);
    expect(guarded).toContain('POST /api/test/guarded');
    for (const { method, url } of t.guardedRoutes) {
      const concrete = url.replace(/:[A-Za-z]+/g, 'some-id').replace(/\*$/, 'x');
      const res = await t.app.inject({ method: method as 'GET', url: concrete, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('is checked before the body: an invalid or oversized body signed out is still 401', async () => {
    for (const url of ['/api/feedback', '/api/preferences', '/api/test/guarded']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { nonsense: true }, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode, url).toBe(401);
    }
    const big = await t.app.inject({ method: 'POST', url: '/api/test/guarded', payload: { n: 'x'.repeat(200 * 1024) } });
    expect(big.statusCode).toBe(401);
  });

  it('a route guarded in preHandler still validates its body once signed in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/guarded', headers: user.headers, payload: { n: 'one' } });
    expect(res.statusCode).toBe(400);
    const ok = await t.app.inject({ method: 'POST', url: '/api/test/guarded', headers: user.headers, payload: { n: 1 } });
    expect(ok.json()).toEqual({ ok: true });
  });
});

describe('cross-origin writes', () => {
  it('answers 403 to a foreign Origin and writes nothing', async () => {
    const before = await feedbackCount();
    for (const origin of ['https://evil.example', 'null', 'http://localhost:5001']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/feedback', headers: { ...user.headers, origin }, payload: feedback });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CROSS_ORIGIN', message: 'Cross-origin request refused.' });
    }
    expect(await feedbackCount()).toBe(before);
  });

  it('answers 403 to Sec-Fetch-Site: cross-site without an Origin, and writes nothing', async () => {
    await t.app.inject({ method: 'POST', url: '/api/preferences', headers: { ...user.headers, origin: TEST_ORIGIN }, payload: { theme: 'light' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/preferences',
      headers: { ...user.headers, 'sec-fetch-site': 'cross-site' },
      payload: { theme: 'dark' },
    });
    expect(res.statusCode).toBe(403);
    const [prefs] = await t.db.select().from(userPreferences).where(eq(userPreferences.userId, user.userId));
    expect(prefs?.theme).toBe('light');
  });

  it('refuses a cross-origin magic-link request: no mail is sent', async () => {
    const email = uniqueEmail('csrf-magic');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email, callbackURL: '/' }),
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
  });

  it('accepts the product’s own origin and same-origin fetches', async () => {
    const own = await t.app.inject({ method: 'POST', url: '/api/feedback', headers: { ...user.headers, origin: TEST_ORIGIN }, payload: feedback });
    expect(own.statusCode).toBe(201);
    const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/feedback', headers: { ...user.headers, 'sec-fetch-site': 'same-origin' }, payload: feedback });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('reads are not refused for their origin', async () => {
    const res = await t.app.inject({ url: '/api/user/tier', headers: { ...user.headers, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('no open redirect through sign-in', () => {
  const askLink = (email: string, callbackURL: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email, callbackURL }),
    });

  for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
    it(`refuses a magic link that would land on ${target}, and sends nothing`, async () => {
      const email = uniqueEmail('redirect');
      const res = await askLink(email, target);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Invalid callbackURL', code: 'INVALID_CALLBACK_URL' });
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
    });
  }

  it('a link whose callbackURL was changed to another site signs nobody in', async () => {
    const email = uniqueEmail('redirect-tampered');
    expect((await askLink(email, '/forecast')).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.searchParams.get('callbackURL')).toBe('/forecast');
    link.searchParams.set('callbackURL', 'https://evil.example/');
    const res = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
    expect(res.cookies.find((c) => c.name.endsWith('session_token'))).toBeUndefined();
  });
});

describe('bodies', () => {
  const send = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, headers: { ...user.headers, origin: TEST_ORIGIN, 'content-type': contentType }, payload });

  it('answers 413 with a message to a body over the limit, and writes nothing', async () => {
    const before = await feedbackCount();
    const res = await send('/api/feedback', JSON.stringify({ ...feedback, additionalDetails: 'x'.repeat(200 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/too large/i);
    expect(await feedbackCount()).toBe(before);
  });

  it('answers 413 on the sign-in endpoints too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(200 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/too large/i) as unknown });
  });

  it('answers 400 with a message to malformed JSON, and writes nothing', async () => {
    const before = await feedbackCount();
    for (const body of ['{"feedbackType": "other", "message": ', '', 'null']) {
      const res = await send('/api/feedback', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    expect(await feedbackCount()).toBe(before);
  });

  it('answers 415 with a message to a content type it does not take, never 500', async () => {
    const before = await feedbackCount();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await send('/api/feedback', 'feedbackType=other&message=A perfectly fine message.', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json<{ message: string }>().message, type).toMatch(/unsupported media type/i);
    }
    // Plain text is parsed as a string, which the schema then refuses.
    const text = await send('/api/feedback', JSON.stringify(feedback), 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json<{ message: string }>().message).toMatch(/expected object/i);
    expect(await feedbackCount()).toBe(before);
  });

  it('answers 400 to over-long fields (every string has a maximum)', async () => {
    const before = await feedbackCount();
    const cases: [string, object][] = [
      ['/api/feedback', { ...feedback, additionalDetails: 'x'.repeat(6000) }],
      ['/api/feedback', { ...feedback, userId: 'x'.repeat(100) }],
      ['/api/bug-report', { bugType: 'other', description: 'y'.repeat(5001) }],
      ['/api/help-request', { name: 'n'.repeat(121), email: 'a@example.com', subject: 'other', message: 'Help' }],
      ['/api/help-request', { name: 'N', email: `${'e'.repeat(250)}@example.com`, subject: 'other', message: 'Help' }],
      ['/api/dev/login', { email: `${'e'.repeat(250)}@example.com` }],
    ];
    for (const [url, body] of cases) {
      const res = await send(url, JSON.stringify(body));
      expect(res.statusCode, `${url} ${Object.keys(body).join(',')}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    expect(await feedbackCount()).toBe(before);
  });
});

describe('headers', () => {
  it('sets the security headers on API responses', async () => {
    const res = await t.app.inject({ url: '/api/login/providers' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('on errors too', async () => {
    const res = await t.app.inject({ url: '/api/auth/user' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('unknown API paths', () => {
  for (const [method, url] of [
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api'],
    ['GET', '/api/auth/nope'],
    ['DELETE', '/api/preferences'],
  ] as const) {
    it(`${method} ${url} answers 404 JSON { message, code }`, async () => {
      const res = await t.app.inject({ method, url, headers: { origin: TEST_ORIGIN } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: `Not found: ${method} ${url}`, code: 'NOT_FOUND' });
    });
  }
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_WRITES: '3', RATE_LIMIT_SIGN_IN: '4' }, {}, { database: t.database });
  });
  afterAll(async () => limited.close());

  it('the 4th write in a minute answers 429 with a message and writes nothing; the limit is per user', async () => {
    const a = await createUser(limited, 'limited-a');
    const b = await createUser(limited, 'limited-b');
    const write = (u: SignedInUser) =>
      limited.app.inject({ method: 'POST', url: '/api/feedback', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: feedback });
    for (let i = 0; i < 3; i++) expect((await write(a)).statusCode).toBe(201);
    const before = await feedbackCount();
    const refused = await write(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/rate limit exceeded/i);
    expect(refused.json<{ code: string }>().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await feedbackCount()).toBe(before);
    // Another user from the same address still has their own allowance.
    expect((await write(b)).statusCode).toBe(201);
  });

  it('sign-in is limited per address', async () => {
    const signInFrom = (remoteAddress: string) =>
      limited.app.inject({ method: 'POST', url: '/api/dev/login', remoteAddress, payload: { email: uniqueEmail('limited-sign-in') } });
    for (let i = 0; i < 4; i++) expect((await signInFrom('203.0.113.7')).statusCode).toBe(200);
    const refused = await signInFrom('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/rate limit exceeded/i) as unknown, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInFrom('203.0.113.8')).statusCode).toBe(200);
  });
});
