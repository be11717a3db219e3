import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drones, users } from '../../src/server/db/schema/index.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t, 'hygiene');
});
afterAll(async () => t.close());

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: user.cookie, origin: TEST_ORIGIN } });

describe('a NUL character in any JSON string', () => {
  const cases: [string, string, unknown, string][] = [
    ['drone name', '/api/drones', { manufacturer: 'DJI', model: 'Mini 4 Pro', serialNumber: 'SN1', name: 'My\u0000drone' }, 'name'],
    ['feedback', '/api/feedback', { feedbackType: 'other', message: 'bad\u0000byte in here' }, 'message'],
    ['bug report', '/api/bug-report', { bugType: 'other', description: 'Something \u0000 is off here.' }, 'description'],
    ['help request', '/api/help-request', { name: 'A', email: 'a@example.com', subject: 'other', message: 'He\u0000lp' }, 'message'],
    ['assistant question', '/api/query', { question: 'How high\u0000?', userId: 'x' }, 'question'],
    ['nested key', '/api/preferences', { theme: 'dark', ['k\u0000']: 1 }, 'k\u0000'],
  ];
  for (const [what, url, payload, field] of cases) {
    it(`${what}: 400 VALIDATION naming the field, nothing stored`, async () => {
      const before = (await t.db.select().from(drones).where(eq(drones.userId, user.userId))).length;
      const res = await send('POST', url, payload);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ code: string; message: string }>();
      expect(body.code).toBe('VALIDATION');
      expect(body.message).toContain(field);
      expect(body.message).toContain('NUL');
      expect((await t.db.select().from(drones).where(eq(drones.userId, user.userId))).length).toBe(before);
    });
  }

  it('in a path parameter', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/drones/1%00', headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(400);
  });
});

describe("better-auth's own routes answer 4xx, never 500", () => {
  const bodies: [string, unknown][] = [
    ['NUL in the name', { name: 'Pi\u0000lot' }],
    ['null name', { name: null }],
    ['NUL in the image', { image: 'https://example.com/\u0000.png' }],
    ['number as name', { name: 42 }],
    ['object image', { image: { url: 'x' } }],
  ];
  for (const [what, payload] of bodies) {
    it(`update-user with ${what}`, async () => {
      const [before] = await t.db.select().from(users).where(eq(users.id, user.userId));
      const res = await send('POST', '/api/auth/update-user', payload);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      const [after] = await t.db.select().from(users).where(eq(users.id, user.userId));
      expect(after?.name).toBe(before?.name);
      expect(after?.image).toBe(before?.image);
    });
  }

  for (const name of [null, 42, 'Pi\u0000lot', { first: 'x' }]) {
    it(`magic-link sign-in with name ${JSON.stringify(name)}`, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/magic-link', headers: { origin: TEST_ORIGIN }, payload: { email: 'nul-name@example.com', name } });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    });
  }

  it('a valid name still updates', async () => {
    const res = await send('POST', '/api/auth/update-user', { name: 'Pilot Jane' });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(after?.name).toBe('Pilot Jane');
  });
});
