import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('sign-in round trip', () => {
  it('answers 401 signed out and the user after dev sign-in', async () => {
    expect((await t.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401);
    const { cookie } = await t.signIn('smoke@example.com', 'hobbyist');
    const res = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'smoke@example.com' });
    const tier = await t.app.inject({ url: '/api/user/tier', headers: { cookie } });
    expect(tier.json()).toMatchObject({ tier: 'hobbyist', queryLimit: 10, timePeriod: 'weekly' });
  });
});
