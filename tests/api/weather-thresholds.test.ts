import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWeatherThresholds } from '../../src/server/db/schema/index.ts';
import { DEFAULT_THRESHOLDS } from '../../src/shared/weather/constants.ts';
import type { ThresholdsResponse } from '../../src/shared/weather/thresholds.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const URL = '/api/weather/thresholds';
const DEFAULTS = { wind: 25, visibility: 5000, precipitation: 20, cloudCover: 70, temperature: { min: -10, max: 40 }, gusts: 35 };

const read = async (u: SignedInUser) => {
  const res = await t.app.inject({ url: URL, headers: u.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ThresholdsResponse>();
};
const save = (u: SignedInUser, body: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers: { ...u.headers, origin: TEST_ORIGIN }, payload: body as object });

describe('signed out', () => {
  it('GET answers 401', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('PUT answers 401 and stores nothing', async () => {
    const before = await t.db.select().from(userWeatherThresholds);
    const res = await t.app.inject({ method: 'PUT', url: URL, headers: { origin: TEST_ORIGIN }, payload: { wind: 10 } });
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(userWeatherThresholds)).toHaveLength(before.length);
  });
});

describe('GET /api/weather/thresholds', () => {
  it('gives a pilot who never saved the §9 defaults', async () => {
    const u = await createUser(t, 'thresholds-defaults');
    expect(DEFAULT_THRESHOLDS).toEqual(DEFAULTS);
    expect(await read(u)).toEqual({ thresholds: DEFAULTS, saved: {}, updatedAt: null });
  });
});

describe('PUT /api/weather/thresholds', () => {
  it('saves a subset and merges it over the defaults', async () => {
    const u = await createUser(t, 'thresholds-save');
    const res = await save(u, { wind: 12.5, temperature: { min: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ThresholdsResponse>();
    expect(body.thresholds).toEqual({ ...DEFAULTS, wind: 12.5, temperature: { min: 0, max: 40 } });
    expect(body.saved).toEqual({ wind: 12.5, temperature: { min: 0 } });
    expect(Date.parse(body.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await read(u)).toEqual(body);
  });

  it('replaces what was saved: a value left out goes back to its default, {} restores them all', async () => {
    const u = await createUser(t, 'thresholds-replace');
    expect((await save(u, { wind: 10, gusts: 20 })).statusCode).toBe(200);
    expect((await save(u, { gusts: 30 })).statusCode).toBe(200);
    expect((await read(u)).thresholds).toEqual({ ...DEFAULTS, gusts: 30 });
    expect((await save(u, {})).statusCode).toBe(200);
    const after = await read(u);
    expect(after.thresholds).toEqual(DEFAULTS);
    expect(after.saved).toEqual({});
    expect(after.updatedAt).not.toBeNull();
  });

  it('saves a full set', async () => {
    const u = await createUser(t, 'thresholds-full');
    const full = { wind: 30, visibility: 3000, precipitation: 40, cloudCover: 90, temperature: { min: -5, max: 35 }, gusts: 45 };
    expect((await save(u, full)).statusCode).toBe(200);
    expect((await read(u)).thresholds).toEqual(full);
  });

  const refused: [string, unknown, RegExp][] = [
    ['a string for a number', { wind: 'fast' }, /^wind: /],
    ['a negative wind', { wind: -1 }, /^wind: /],
    ['a wind over 300 km/h', { wind: 301 }, /^wind: /],
    ['cloud cover over 100 %', { cloudCover: 101 }, /^cloudCover: /],
    ['precipitation over 100 %', { precipitation: 150 }, /^precipitation: /],
    ['a visibility over 100 km', { visibility: 100_001 }, /^visibility: /],
    ['an upside-down temperature range', { temperature: { min: 20, max: 10 } }, /temperature.min must not exceed temperature.max/],
    ['a temperature that is a number', { temperature: 5 }, /^temperature: /],
    ['an unknown key', { kp: 3 }, /kp/],
    ['an unknown temperature key', { temperature: { low: 3 } }, /low/],
    ['null', { wind: null }, /^wind: /],
    ['an array body', [{ wind: 10 }], /./],
  ];
  it.each(refused)('%s answers 400 with a clear message and changes nothing', async (_label, body, message) => {
    const u = await createUser(t, 'thresholds-bad');
    expect((await save(u, { wind: 15 })).statusCode).toBe(200);
    const before = await read(u);
    const res = await save(u, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await read(u)).toEqual(before);
  });

  it('refuses malformed JSON with 400 and keeps the saved values', async () => {
    const u = await createUser(t, 'thresholds-malformed');
    expect((await save(u, { gusts: 25 })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...u.headers, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"gusts": 2',
    });
    expect(res.statusCode).toBe(400);
    expect((await read(u)).saved).toEqual({ gusts: 25 });
  });
});

describe('isolation', () => {
  it("one pilot's thresholds never reach another", async () => {
    const a = await createUser(t, 'thresholds-a');
    const b = await createUser(t, 'thresholds-b');
    expect((await save(a, { wind: 8, visibility: 2000 })).statusCode).toBe(200);
    expect((await save(b, { gusts: 50 })).statusCode).toBe(200);
    expect((await read(a)).thresholds).toEqual({ ...DEFAULTS, wind: 8, visibility: 2000 });
    expect((await read(b)).thresholds).toEqual({ ...DEFAULTS, gusts: 50 });
    const rows = await t.db.select().from(userWeatherThresholds).where(eq(userWeatherThresholds.userId, a.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.thresholds).toEqual({ wind: 8, visibility: 2000 });
  });
});

describe('a stored row that no longer passes the schema', () => {
  it('reads as nothing saved (defaults), never as the unchecked values', async () => {
    const u = await createUser(t, 'thresholds-stale');
    // A row written outside the API (an older version's shape): the page must not colour by it.
    await t.db.insert(userWeatherThresholds).values({ userId: u.userId, thresholds: { wind: 'strong' } as unknown as { wind: number } });
    const body = await read(u);
    expect(body.thresholds).toEqual(DEFAULTS);
    expect(body.saved).toEqual({});
  });
});
