import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_DEFAULTS } from '../../src/shared/account.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const read = async (u: SignedInUser) => {
  const res = await t.app.inject({ url: '/api/preferences', headers: u.headers });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, unknown>>();
};
const save = (u: SignedInUser, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/preferences', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: body as object });

describe('GET /api/preferences', () => {
  it('gives a new user the defaults', async () => {
    const u = await createUser(t, 'prefs-defaults');
    expect(await read(u)).toEqual({
      userId: u.userId,
      showQuickQuestions: true,
      showHelpTip: true,
      theme: 'system',
      country: 'US',
      measurementSystem: 'imperial',
      earlyAccess: false,
      featureUpdates: true,
      lastUpdated: null,
    });
  });

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ url: '/api/preferences' })).statusCode).toBe(401);
  });
});

describe('POST /api/preferences', () => {
  const changes = [
    { theme: 'dark' },
    { showQuickQuestions: false },
    { measurementSystem: 'metric' },
    { featureUpdates: false },
    { showHelpTip: false },
    { country: 'JP' },
  ] as const;

  for (const change of changes) {
    const [key] = Object.keys(change);
    it(`saves ${key} alone and leaves the others as they were`, async () => {
      const u = await createUser(t, `prefs-save-${key}`);
      const res = await save(u, change);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject(change);
      const after = await read(u);
      expect(after).toEqual({ ...PREFERENCE_DEFAULTS, userId: u.userId, ...change, lastUpdated: after.lastUpdated });
      expect(Date.parse(String(after.lastUpdated))).toBeGreaterThan(Date.now() - 60_000);
    });
  }

  it('a later save keeps an earlier one', async () => {
    const u = await createUser(t, 'prefs-two-saves');
    expect((await save(u, { theme: 'light' })).statusCode).toBe(200);
    expect((await save(u, { country: 'GB' })).statusCode).toBe(200);
    expect(await read(u)).toMatchObject({ theme: 'light', country: 'GB' });
  });

  const invalid: [string, unknown, RegExp][] = [
    ['no key', {}, /exactly one of: theme, showQuickQuestions, measurementSystem, featureUpdates, showHelpTip, country/],
    ['two keys', { theme: 'dark', country: 'FR' }, /exactly one of/],
    ['an unknown key', { earlyAccess: true }, /earlyAccess/],
    ['an unknown theme', { theme: 'blue' }, /theme/],
    ['an unknown country', { country: 'XX' }, /country/],
    ['a string for a boolean', { showHelpTip: 'yes' }, /showHelpTip/],
    ['null', { theme: null }, /theme/],
    ['an array body', [{ theme: 'dark' }], /./],
  ];
  let u: SignedInUser;
  beforeAll(async () => {
    u = await createUser(t, 'prefs-invalid');
    expect((await save(u, { theme: 'light' })).statusCode).toBe(200);
  });
  for (const [what, body, message] of invalid) {
    it(`answers 400 naming the problem for ${what}, and changes nothing`, async () => {
      const before = await read(u);
      expect(before.theme).toBe('light');
      const res = await save(u, body);
      expect(res.statusCode).toBe(400);
      const error = res.json<{ message: string; code: string }>();
      expect(error.message).toMatch(message);
      expect(error.code).toBe('VALIDATION');
      expect(await read(u)).toEqual(before);
    });
  }

  it('answers 401 signed out, whatever the body', async () => {
    for (const body of [{ theme: 'dark' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/preferences', headers: { origin: TEST_ORIGIN }, payload: body });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('GET /api/preferences/{userId}', () => {
  it('gives the owner only showQuickQuestions and showHelpTip', async () => {
    const u = await createUser(t, 'prefs-public');
    await save(u, { showHelpTip: false });
    const res = await t.app.inject({ url: `/api/preferences/${u.userId}`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ showQuickQuestions: true, showHelpTip: false });
  });

  it("answers 404 for another user's id and for an unknown id", async () => {
    const a = await createUser(t, 'prefs-a');
    const b = await createUser(t, 'prefs-b');
    for (const id of [b.userId, 'no-such-user']) {
      const res = await t.app.inject({ url: `/api/preferences/${id}`, headers: a.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it("staff may read another user's, but not an unknown id", async () => {
    const admin = await createUser(t, 'prefs-admin', 'admin');
    const target = await createUser(t, 'prefs-target');
    await save(target, { showQuickQuestions: false });
    const res = await t.app.inject({ url: `/api/preferences/${target.userId}`, headers: admin.headers });
    expect(res.json()).toEqual({ showQuickQuestions: false, showHelpTip: true });
    expect((await t.app.inject({ url: '/api/preferences/no-such-user', headers: admin.headers })).statusCode).toBe(404);
  });
});
