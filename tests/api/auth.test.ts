import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userActivity, userTiers, users } from '../../src/server/db/schema/index.ts';
import { createUser, uniqueEmail } from '../support/factories.ts';
import { authorizeAtIssuer, startOidcIssuer, type OidcIssuer } from '../support/oidc-issuer.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const STAFF = {
  admin: 'chief-admin@staff.example',
  superAdmin: 'root@staff.example',
  developer: 'dev@staff.example',
  fixed: 'support-desk@staff.example',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_EMAILS: `someone-else@staff.example, ${STAFF.admin.toUpperCase()}`,
    SUPER_ADMIN_EMAILS: STAFF.superAdmin,
    DEVELOPER_EMAILS: STAFF.developer,
    STAFF_EMAIL: STAFF.fixed,
  });
});
afterAll(async () => t.close());

const SESSION_COOKIE = /(^|__Secure-)better-auth\.session_token$/;

function sessionCookieOf<C extends { name: string }>(res: { cookies: C[] }): C | undefined {
  return res.cookies.find((c) => SESSION_COOKIE.test(c.name));
}

/** Asks for a magic link, reads it from the outbox and follows it: the whole e-mail sign-in. */
async function signInByMagicLink(app: TestApp, email: string, origin = TEST_ORIGIN) {
  const asked = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/magic-link',
    headers: { origin, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, callbackURL: '/' }),
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const [mail] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  expect(mail, 'a mail in the outbox').toBeDefined();
  const link = /https?:\/\/\S+/.exec(mail!.text)?.[0];
  expect(link, 'a link in the mail').toBeDefined();
  const url = new URL(link!);
  expect(url.origin).toBe(app.config.publicUrl);
  return app.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function storedTier(userId: string) {
  const [row] = await t.db.select({ tier: userTiers.tier }).from(userTiers).where(eq(userTiers.userId, userId));
  return row?.tier;
}

describe('GET /api/auth/user', () => {
  it('answers 401 with the error shape when signed out', async () => {
    const res = await t.app.inject({ url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('answers 401 for a forged session cookie', async () => {
    const res = await t.app.inject({ url: '/api/auth/user', headers: { cookie: 'better-auth.session_token=forged.value' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('developer sign-in (AUTH_DEV_LOGIN=1)', () => {
  it('creates the user with a tier row and sets an HttpOnly SameSite=Lax cookie, not Secure outside production', async () => {
    const email = uniqueEmail('dev-new');
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email } });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res);
    expect(cookie).toBeDefined();
    expect(cookie!.name).toBe('better-auth.session_token');
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.secure).toBeFalsy();

    const user = await userByEmail(email);
    expect(user).toBeDefined();
    expect(res.json()).toEqual({ id: user!.id, email });
    expect(await storedTier(user!.id)).toBe('basic');

    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user!.id, email, isPilot: false, administratorBusinessId: null, isStaffAccount: false });
  });

  it('signing in again reuses the same user', async () => {
    const email = uniqueEmail('dev-again');
    const first = await t.signIn(email);
    const second = await t.signIn(email);
    expect(second.userId).toBe(first.userId);
    expect(second.token).not.toBe(first.token);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('stores the tier it is given', async () => {
    const { userId } = await t.signIn(uniqueEmail('dev-pro'), 'pro');
    expect(await storedTier(userId)).toBe('pro');
  });

  it('answers 400 for an invalid e-mail and creates nobody', async () => {
    const before = await t.db.select().from(users);
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'not-an-address' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Please enter a valid email address');
    expect(await t.db.select().from(users)).toHaveLength(before.length);
  });
});

describe('developer sign-in is absent when not enabled', () => {
  let off: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ AUTH_DEV_LOGIN: '0' }, {}, { database: t.database });
    production = await createTestApp({ AUTH_DEV_LOGIN: '1', NODE_ENV: 'production', PUBLIC_URL: 'https://drone.example' }, {}, { database: t.database });
  });
  afterAll(async () => {
    await off.close();
    await production.close();
  });

  for (const which of ['off', 'production'] as const) {
    it(`answers 404 and creates no user (${which})`, async () => {
      const app = which === 'off' ? off : production;
      const email = uniqueEmail(`dev-${which}`);
      for (const url of ['/api/dev/login', '/api/auth/dev/login']) {
        const res = await app.app.inject({ method: 'POST', url, payload: { email, tier: 'super_admin' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      }
      expect(await userByEmail(email)).toBeUndefined();
      const providers = await app.app.inject({ url: '/api/login/providers' });
      expect(providers.json()).toMatchObject({ devLogin: false });
    });
  }

  it('marks the session cookie Secure (and __Secure-) in production', async () => {
    const email = uniqueEmail('prod-magic');
    const res = await signInByMagicLink(production, email, 'https://drone.example');
    expect(res.statusCode).toBe(302);
    const cookie = sessionCookieOf(res);
    expect(cookie).toBeDefined();
    expect(cookie!.name).toBe('__Secure-better-auth.session_token');
    expect(cookie!.secure).toBe(true);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    const me = await production.app.inject({ url: '/api/auth/user', headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(me.json()).toMatchObject({ email });
  });

  it('asks browsers to upgrade insecure requests in production only', async () => {
    const prod = await production.app.inject({ url: '/api/login/providers' });
    expect(prod.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const dev = await t.app.inject({ url: '/api/login/providers' });
    expect(dev.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('bearer token', () => {
  it('accepts the session token as Authorization: Bearer', async () => {
    const { userId, token } = await createUser(t, 'bearer');
    const res = await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: userId });
    const tier = await t.app.inject({ url: '/api/user/tier', headers: { authorization: `Bearer ${token}` } });
    expect(tier.statusCode).toBe(200);
  });

  it('refuses an unknown bearer token', async () => {
    const res = await t.app.inject({ url: '/api/auth/user', headers: { authorization: 'Bearer not-a-session-token' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/logout', () => {
  it('clears the cookie, redirects to /login, and the old session no longer works', async () => {
    const { headers, token } = await createUser(t, 'logout');
    expect((await t.app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(200);

    const res = await t.app.inject({ url: '/api/logout', headers });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    const cleared = sessionCookieOf(res);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.maxAge).toBe(0);

    expect((await t.app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('a cross-site link does not sign out (it goes home and the session stays)', async () => {
    const { headers } = await createUser(t, 'logout-csrf');
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'same-site' },
      // A browser without Fetch Metadata: the referrer or origin tells.
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
    ];
    for (const extra of attempts) {
      const res = await t.app.inject({ url: '/api/logout', headers: { ...headers, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(sessionCookieOf(res)).toBeUndefined();
      expect((await t.app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(200);
    }
    // From our own page (or typed in the address bar) it signs out.
    const own = await t.app.inject({ url: '/api/logout', headers: { ...headers, 'sec-fetch-site': 'same-origin', referer: `${TEST_ORIGIN}/profile` } });
    expect(own.headers.location).toBe('/login');
    expect((await t.app.inject({ url: '/api/auth/user', headers })).statusCode).toBe(401);
  });

  it('signed out, still redirects to /login', async () => {
    const res = await t.app.inject({ url: '/api/logout' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

describe('GET /api/login and the provider list', () => {
  let issuer: OidcIssuer;
  let oidcOnly: TestApp;
  let oidcAndEmail: TestApp;
  beforeAll(async () => {
    issuer = await startOidcIssuer(TEST_ORIGIN);
    const oidcEnv = { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: issuer.clientId, OIDC_CLIENT_SECRET: issuer.clientSecret };
    oidcOnly = await createTestApp({ ...oidcEnv, AUTH_EMAIL: '0', AUTH_DEV_LOGIN: '0' }, {}, { database: t.database });
    oidcAndEmail = await createTestApp(
      { ...oidcEnv, OIDC_NAME: 'Company SSO', GITHUB_CLIENT_ID: 'gh-id', GITHUB_CLIENT_SECRET: 'gh-secret' },
      {},
      { database: t.database },
    );
  });
  afterAll(async () => {
    await oidcOnly?.close();
    await oidcAndEmail?.close();
    await issuer?.close();
  });

  it('with only OIDC configured, redirects straight to the issuer with client_id, state and PKCE', async () => {
    const res = await oidcOnly.app.inject({ url: '/api/login' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(issuer.issuer);
    expect(location.searchParams.get('client_id')).toBe(issuer.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/oidc`);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('code_challenge')).toBeTruthy();
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));

    // The issuer itself accepts the request (a bad client or redirect URI would answer 400 here).
    const atIssuer = await fetch(location, { redirect: 'manual' });
    expect(atIssuer.status).toBeGreaterThanOrEqual(300);
    expect(atIssuer.status).toBeLessThan(400);
    expect(new URL(atIssuer.headers.get('location')!, issuer.issuer).pathname).toMatch(/^\/interaction\//);
  });

  it('completes the sign-in at the callback: a new user with a tier row, a session and a sign_in record', async () => {
    const start = await oidcOnly.app.inject({ url: '/api/login' });
    const stateCookies = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const callback = new URL(await authorizeAtIssuer(start.headers.location as string, 'oidc-pilot', `${TEST_ORIGIN}/api/auth/callback/oidc`));
    expect(callback.searchParams.get('code')).toBeTruthy();

    const done = await oidcOnly.app.inject({ url: `${callback.pathname}${callback.search}`, headers: { cookie: stateCookies } });
    expect(done.statusCode, done.body).toBe(302);
    expect(new URL(done.headers.location as string, TEST_ORIGIN).pathname).toBe('/');
    const session = sessionCookieOf(done);
    expect(session?.value).toBeTruthy();

    const me = await oidcOnly.app.inject({ url: '/api/auth/user', headers: { cookie: `${session!.name}=${session!.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'oidc-pilot@issuer.example', displayName: 'Pilot oidc-pilot', emailVerified: true });
    const user = await userByEmail('oidc-pilot@issuer.example');
    expect(await storedTier(user!.id)).toBe('basic');
    const signIns = await t.db.select().from(userActivity).where(and(eq(userActivity.userId, user!.id), eq(userActivity.activityType, 'sign_in')));
    expect(signIns).toHaveLength(1);
  });

  it('refuses a callback whose state does not match the browser that started it', async () => {
    const start = await oidcOnly.app.inject({ url: '/api/login' });
    const callback = new URL(await authorizeAtIssuer(start.headers.location as string, 'oidc-intruder', `${TEST_ORIGIN}/api/auth/callback/oidc`));
    // No state cookie: another browser replaying the callback URL.
    const replayed = await oidcOnly.app.inject({ url: `${callback.pathname}${callback.search}` });
    expect(sessionCookieOf(replayed)?.value).toBeFalsy();
    expect(await userByEmail('oidc-intruder@issuer.example')).toBeUndefined();
  });

  it('with more than one provider, redirects to the provider page', async () => {
    const res = await oidcAndEmail.app.inject({ url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/providers');
  });

  it('answers 400 with a clear message for a provider that is not configured', async () => {
    const res = await t.app.inject({ url: '/api/login?provider=google' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Sign-in with Google is not configured on this server.', code: 'PROVIDER_NOT_CONFIGURED' });
    const unknown = await t.app.inject({ url: '/api/login?provider=myspace' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('provider');
  });

  it('lists exactly the configured providers and whether developer sign-in is on', async () => {
    const list = async (app: TestApp) => (await app.app.inject({ url: '/api/login/providers' })).json<unknown>();
    expect(await list(t)).toEqual({ providers: [{ id: 'email', name: 'Email' }], devLogin: true });
    expect(await list(oidcOnly)).toEqual({ providers: [{ id: 'oidc', name: 'Single sign-on' }], devLogin: false });
    expect(await list(oidcAndEmail)).toEqual({
      providers: [
        { id: 'oidc', name: 'Company SSO' },
        { id: 'github', name: 'GitHub' },
        { id: 'email', name: 'Email' },
      ],
      devLogin: true,
    });
  });
});

describe('e-mail magic link', () => {
  it('mails a link that signs a new user in, with a tier row', async () => {
    const email = uniqueEmail('magic');
    const res = await signInByMagicLink(t, email);
    expect(res.statusCode).toBe(302);
    expect(new URL(res.headers.location as string, TEST_ORIGIN).pathname).toBe('/');
    const cookie = sessionCookieOf(res);
    expect(cookie?.value).toBeTruthy();

    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, emailVerified: true });
    const user = await userByEmail(email);
    expect(await storedTier(user!.id)).toBe('basic');
  });

  it('a link works once', async () => {
    const email = uniqueEmail('magic-once');
    const first = await signInByMagicLink(t, email);
    expect(sessionCookieOf(first)).toBeDefined();
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const url = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    const again = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(sessionCookieOf(again)?.value).toBeFalsy();
  });
});

describe('staff lists and the fixed staff account', () => {
  const tierOf = async (cookie: string) => (await t.app.inject({ url: '/api/user/tier', headers: { cookie } })).json<{ tier: string }>().tier;

  it('ADMIN_EMAILS, SUPER_ADMIN_EMAILS and DEVELOPER_EMAILS give those tiers at sign-in', async () => {
    expect(await tierOf((await t.signIn(STAFF.admin)).cookie)).toBe('admin');
    expect(await tierOf((await t.signIn(STAFF.superAdmin, 'basic')).cookie)).toBe('super_admin');
    expect(await tierOf((await t.signIn(uniqueEmail('not-staff'))).cookie)).toBe('basic');
  });

  it('the staff tier is given on e-mail sign-in too', async () => {
    const res = await signInByMagicLink(t, STAFF.developer);
    const cookie = sessionCookieOf(res)!;
    expect(await tierOf(`${cookie.name}=${cookie.value}`)).toBe('developer');
  });

  it('STAFF_EMAIL makes isStaffAccount true for that account only', async () => {
    const staff = await t.signIn(STAFF.fixed);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: staff.cookie } })).json()).toMatchObject({ isStaffAccount: true });
    const other = await createUser(t, 'not-fixed-staff');
    expect((await t.app.inject({ url: '/api/auth/user', headers: other.headers })).json()).toMatchObject({ isStaffAccount: false });
  });
});

describe('user activity', () => {
  const activity = (userId: string, type: string) =>
    t.db.select().from(userActivity).where(and(eq(userActivity.userId, userId), eq(userActivity.activityType, type)));

  it("writes a 'sign_in' row per sign-in", async () => {
    const email = uniqueEmail('activity-sign-in');
    const { userId } = await t.signIn(email);
    expect(await activity(userId, 'sign_in')).toHaveLength(1);
    await t.signIn(email);
    expect(await activity(userId, 'sign_in')).toHaveLength(2);
  });

  it("writes one 'api_use' row per user per day however many requests", async () => {
    const a = await createUser(t, 'activity-api-a');
    const b = await createUser(t, 'activity-api-b');
    expect(await activity(a.userId, 'api_use')).toHaveLength(0);
    for (let i = 0; i < 4; i++) {
      expect((await t.app.inject({ url: '/api/auth/user', headers: a.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/preferences', headers: a.headers })).statusCode).toBe(200);
    }
    await t.app.inject({ url: '/api/user/tier', headers: b.headers });
    const rows = await activity(a.userId, 'api_use');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.activityDate).toBe(new Date().toISOString().slice(0, 10));
    expect(await activity(b.userId, 'api_use')).toHaveLength(1);
  });
});
