import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIERS, type Tier } from '../../src/shared/tiers.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The staff role matrix (doc 3 §6; issue 13), walked in full: every tier against every staff endpoint.
 * The expectations are written out here, not read from the permission table, so a wrong table fails.
 */
let t: TestApp;
const callers = new Map<Tier, SignedInUser>();
beforeAll(async () => {
  t = await createTestApp();
  for (const tier of TIERS) callers.set(tier, await createUser(t, `matrix-${tier}`, tier));
});
afterAll(async () => t.close());

const NO_SUCH = '00000000-0000-4000-8000-000000000000';
const readers: Tier[] = ['admin', 'developer', 'super_admin'];
const changers: Tier[] = ['admin', 'super_admin'];
let featureSeq = 0;

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  body?: () => object;
  allowed: Tier[];
  /** What an allowed caller gets (the ids are unknown, so a change reaches the service and finds nothing). */
  ok: number;
}

const endpoints: Endpoint[] = [
  { method: 'GET', url: '/api/admin/errors?includeResolved=true', allowed: readers, ok: 200 },
  { method: 'PATCH', url: `/api/admin/errors/${NO_SUCH}/resolve`, body: () => ({ notes: 'x' }), allowed: changers, ok: 404 },
  { method: 'GET', url: '/api/admin/users', allowed: readers, ok: 200 },
  { method: 'GET', url: '/api/admin/users/search?query=matrix', allowed: readers, ok: 200 },
  { method: 'PUT', url: '/api/admin/users/no-such-user/tier', body: () => ({ tier: 'pro' }), allowed: changers, ok: 404 },
  { method: 'GET', url: '/api/admin/help-requests', allowed: readers, ok: 200 },
  { method: 'GET', url: '/api/admin/help-requests/stats', allowed: readers, ok: 200 },
  { method: 'PATCH', url: `/api/admin/help-requests/${NO_SUCH}`, body: () => ({ status: 'closed' }), allowed: changers, ok: 404 },
  { method: 'GET', url: '/api/admin/analytics', allowed: ['super_admin'], ok: 200 },
  { method: 'GET', url: '/api/admin/analytics/daily-active-users', allowed: ['super_admin'], ok: 200 },
  { method: 'GET', url: '/api/admin/analytics/monthly-active-users', allowed: ['super_admin'], ok: 200 },
  { method: 'GET', url: '/api/developer/features', allowed: ['developer', 'admin', 'super_admin'], ok: 200 },
  {
    method: 'POST',
    url: '/api/developer/features',
    body: () => ({ featureName: `matrix-${++featureSeq}`, description: 'Walks the matrix' }),
    allowed: ['developer', 'super_admin'],
    ok: 201,
  },
  { method: 'PUT', url: `/api/developer/features/${NO_SUCH}`, body: () => ({ status: 'testing' }), allowed: ['developer', 'super_admin'], ok: 404 },
  { method: 'POST', url: `/api/developer/features/${NO_SUCH}/rollout`, body: () => ({ tiers: ['pro'] }), allowed: ['super_admin'], ok: 404 },
];

const call = (user: SignedInUser | null, e: Endpoint) =>
  t.app.inject({
    method: e.method,
    url: e.url,
    headers: { origin: TEST_ORIGIN, ...(user?.headers ?? {}) },
    ...(e.body ? { payload: e.body() } : {}),
  });

describe('every staff endpoint', () => {
  for (const e of endpoints) {
    it(`${e.method} ${e.url} answers 401 signed out`, async () => {
      expect((await call(null, e)).statusCode).toBe(401);
    });
    for (const tier of TIERS) {
      const allowed = e.allowed.includes(tier);
      it(`${e.method} ${e.url} as ${tier}: ${allowed ? `reaches the service (${e.ok})` : '403'}`, async () => {
        const res = await call(callers.get(tier)!, e);
        expect(res.statusCode, res.body).toBe(allowed ? e.ok : 403);
        if (!allowed) expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
      });
    }
  }

  it('the analytics refusal uses the spec words', async () => {
    const res = await call(callers.get('admin')!, endpoints.find((e) => e.url === '/api/admin/analytics')!);
    expect(res.json()).toEqual({ message: 'Super admin access required.', code: 'FORBIDDEN' });
  });

  it('GET /api/features/enabled answers every signed-in tier and 401 signed out', async () => {
    for (const tier of TIERS) {
      const res = await t.app.inject({ method: 'GET', url: '/api/features/enabled', headers: callers.get(tier)!.headers });
      expect(res.statusCode, tier).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/features/enabled' })).statusCode).toBe(401);
  });
});
