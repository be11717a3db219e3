import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developerFeatures } from '../../src/server/db/schema/index.ts';
import { GATED_FEATURES, type DeveloperFeature, type EnabledFeatures, type FeatureList } from '../../src/shared/features.ts';
import type { FlyWindows } from '../../src/shared/features-fly-windows.ts';
import { flyWindowSpans } from '../../src/shared/features-fly-windows.ts';
import type { WeatherResponse } from '../../src/shared/weather/contract.ts';
import { createUser, makePilot, type SignedInUser } from '../support/factories.ts';
import { startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let replay: ReplayServer;
let t: TestApp;
let boss: SignedInUser;
let dev: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  replay = await startReplayServer();
  t = await createTestApp(replay.env);
  boss = await createUser(t, 'boss', 'super_admin');
  dev = await createUser(t, 'dev', 'developer');
  admin = await createUser(t, 'admin', 'admin');
});
afterAll(async () => {
  await t.close();
  await replay.close();
});

const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, ...user.headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function ok<T>(user: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

const enabled = async (u: SignedInUser) => (await ok<EnabledFeatures>(u, 'GET', '/api/features/enabled')).features;

describe('developer features', () => {
  it('creates with featureName and description required and rolloutPlan optional, trimmed', async () => {
    const f = await ok<DeveloperFeature>(dev, 'POST', '/api/developer/features', { featureName: '  offline-maps ', description: ' Maps without a signal ' }, 201);
    expect(f).toMatchObject({ featureName: 'offline-maps', description: 'Maps without a signal', rolloutPlan: null, status: 'development', enabledForTiers: [] });
    const list = await ok<FeatureList>(admin, 'GET', '/api/developer/features');
    expect(list.features.map((x) => x.id)).toContain(f.id);
  });

  it('refuses a missing name or description with the message, and a duplicate name', async () => {
    const before = (await t.db.select().from(developerFeatures)).length;
    const cases: [object, string][] = [
      [{ description: 'x' }, 'Feature name is required'],
      [{ featureName: '   ', description: 'x' }, 'Feature name is required'],
      [{ featureName: 'a' }, 'Description is required'],
      [{ featureName: 'a', description: '' }, 'Description is required'],
      [{ featureName: 'x'.repeat(81), description: 'd' }, 'at most 80 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await call(dev, 'POST', '/api/developer/features', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    await ok(boss, 'POST', '/api/developer/features', { featureName: 'dupe', description: 'one' }, 201);
    const dupe = await call(dev, 'POST', '/api/developer/features', { featureName: 'dupe', description: 'two' });
    expect(dupe.statusCode).toBe(409);
    expect((await t.db.select().from(developerFeatures)).length).toBe(before + 1);
  });

  it('moves through development → testing → ready_for_production, stamping productionReadyAt', async () => {
    const f = await ok<DeveloperFeature>(dev, 'POST', '/api/developer/features', { featureName: 'statuses', description: 'd', rolloutPlan: 'Pro first' }, 201);
    expect(f.rolloutPlan).toBe('Pro first');
    const testing = await ok<DeveloperFeature>(dev, 'PUT', `/api/developer/features/${f.id}`, { status: 'testing' });
    expect(testing).toMatchObject({ status: 'testing', productionReadyAt: null });
    const ready = await ok<DeveloperFeature>(boss, 'PUT', `/api/developer/features/${f.id}`, { status: 'ready_for_production' });
    expect(ready.productionReadyAt).not.toBeNull();
    expect((await call(dev, 'PUT', `/api/developer/features/${f.id}`, { status: 'shipped' })).statusCode).toBe(400);
    expect((await call(dev, 'PUT', `/api/developer/features/${f.id}`, {})).statusCode).toBe(400);
    expect((await call(admin, 'PUT', `/api/developer/features/${f.id}`, { status: 'development' })).statusCode).toBe(403);
  });

  it('rolls out only when ready for production, and only a super_admin', async () => {
    const f = await ok<DeveloperFeature>(dev, 'POST', '/api/developer/features', { featureName: 'early', description: 'd' }, 201);
    const notReady = await call(boss, 'POST', `/api/developer/features/${f.id}/rollout`, { tiers: ['pro'] });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json<{ message: string }>().message).toBe('A feature can be rolled out only when it is ready for production.');
    await ok(dev, 'PUT', `/api/developer/features/${f.id}`, { status: 'ready_for_production' });
    expect((await call(dev, 'POST', `/api/developer/features/${f.id}/rollout`, { tiers: ['pro'] })).statusCode).toBe(403);
    expect((await call(boss, 'POST', `/api/developer/features/${f.id}/rollout`, { tiers: ['gold'] })).statusCode).toBe(400);
    const out = await ok<DeveloperFeature>(boss, 'POST', `/api/developer/features/${f.id}/rollout`, { tiers: ['pro', 'basic'] });
    expect(out.enabledForTiers).toEqual(['basic', 'pro']);
    expect(out.deployedAt).not.toBeNull();
  });
});

describe('a flag that gates a real route: the 48-hour fly windows', () => {
  const url = `/api/weather/fly-windows?location=${encodeURIComponent('28.41, -81.32')}`;
  let featureId: string;
  let pro: SignedInUser;
  let hobbyist: SignedInUser;
  beforeAll(async () => {
    pro = await createUser(t, 'pro-pilot', 'pro');
    hobbyist = await createUser(t, 'hobby-pilot', 'hobbyist');
    const f = await ok<DeveloperFeature>(dev, 'POST', '/api/developer/features', {
      featureName: GATED_FEATURES.flyWindows48h.name,
      description: GATED_FEATURES.flyWindows48h.description,
    }, 201);
    featureId = f.id;
  });

  it('is off for everyone until rolled out, before any outside call', async () => {
    replay.reset();
    for (const u of [pro, hobbyist, boss]) {
      const res = await call(u, 'GET', url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This feature is not enabled for your plan yet.', code: 'FEATURE_NOT_ENABLED' });
      expect(await enabled(u)).not.toContain(GATED_FEATURES.flyWindows48h.name);
    }
    expect(replay.requests).toHaveLength(0);
  });

  it('rolled out to pro, it is on at the next request of pro users and only for them', async () => {
    await ok(dev, 'PUT', `/api/developer/features/${featureId}`, { status: 'ready_for_production' });
    await ok(boss, 'POST', `/api/developer/features/${featureId}/rollout`, { tiers: ['pro'] });

    expect(await enabled(pro)).toContain(GATED_FEATURES.flyWindows48h.name);
    const windows = await ok<FlyWindows>(pro, 'GET', url);
    // The same timeline the forecast shows, as every window rather than the next one.
    const forecast = await ok<WeatherResponse>(pro, 'GET', `/api/weather?location=${encodeURIComponent('28.41, -81.32')}`);
    expect(forecast.hourly.length).toBeGreaterThan(0);
    expect(windows.windows.length).toBeGreaterThan(0);
    expect(windows.windows).toEqual(flyWindowSpans(forecast.hourly));

    expect(await enabled(hobbyist)).not.toContain(GATED_FEATURES.flyWindows48h.name);
    expect((await call(hobbyist, 'GET', url)).statusCode).toBe(403);
    expect((await call(boss, 'GET', url)).statusCode).toBe(403);
  });

  it("a pilot whose business makes their tier 'business' keeps what their own pro tier has", async () => {
    const pilot = await createUser(t, 'pilot-pro', 'pro');
    await makePilot(t, pilot.userId, 'biz-1');
    expect(await enabled(pilot)).toContain(GATED_FEATURES.flyWindows48h.name);
  });

  it('moving the feature back to testing, or withdrawing it, turns it off at the next request', async () => {
    await ok(dev, 'PUT', `/api/developer/features/${featureId}`, { status: 'testing' });
    expect((await call(pro, 'GET', url)).statusCode).toBe(403);
    await ok(dev, 'PUT', `/api/developer/features/${featureId}`, { status: 'ready_for_production' });
    expect((await call(pro, 'GET', url)).statusCode).toBe(200);
    await ok(boss, 'POST', `/api/developer/features/${featureId}/rollout`, { tiers: [] });
    expect((await call(pro, 'GET', url)).statusCode).toBe(403);
    const [row] = await t.db.select().from(developerFeatures).where(eq(developerFeatures.id, featureId));
    expect(row!.enabledForTiers).toEqual([]);
  });
});

describe('flyWindowSpans', () => {
  it('joins consecutive hours one may fly, breaks on a no-fly hour or a gap, and marks a window with any caution hour', () => {
    const h = (i: number, status: 'fly' | 'caution' | 'no-fly') => ({ time: 1000 + i * 3600, status });
    expect(flyWindowSpans([h(0, 'fly'), h(1, 'fly'), h(2, 'no-fly'), h(3, 'fly'), h(4, 'caution'), h(5, 'no-fly'), h(6, 'caution'), h(8, 'fly')])).toEqual([
      { start: 1000, end: 1000 + 2 * 3600, hours: 2, status: 'fly' },
      { start: 1000 + 3 * 3600, end: 1000 + 5 * 3600, hours: 2, status: 'caution' },
      { start: 1000 + 6 * 3600, end: 1000 + 7 * 3600, hours: 1, status: 'caution' },
      { start: 1000 + 8 * 3600, end: 1000 + 9 * 3600, hours: 1, status: 'fly' },
    ]);
    expect(flyWindowSpans([])).toEqual([]);
  });
});
