import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugReports, helpRequests, userFeedback } from '../../src/server/db/schema/index.ts';
import { withEmailLine } from '../../src/shared/support.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, 'alice');
  bob = await createUser(t, 'bob');
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, user: SignedInUser | null = alice) =>
  t.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, ...(user?.headers ?? {}) }, payload: payload as object });

const tables = { '/api/feedback': userFeedback, '/api/bug-report': bugReports, '/api/help-request': helpRequests } as const;
type SupportPath = keyof typeof tables;
const count = async (path: SupportPath) => (await t.db.select().from(tables[path])).length;

const validFeedback = { feedbackType: 'improvement', message: 'The map could show wind arrows.' };
const validBug = { bugType: 'ui_issue', description: 'The logbook table overflows on phones.' };
const validHelp = { name: 'Alice Pilot', email: 'alice.reply@example.com', subject: 'account', message: 'How do I change my plan?' };

/** Posts an invalid body and checks: 400, the message contains `expected`, and no row was written. */
async function expectRejected(path: SupportPath, payload: unknown, expected: string, user: SignedInUser = alice) {
  const before = await count(path);
  const res = await post(path, payload, user);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json<{ message: string }>().message).toContain(expected);
  expect(await count(path)).toBe(before);
}

describe('POST /api/feedback', () => {
  it('stores valid feedback with status new and the submitter from the session', async () => {
    const details = withEmailLine(alice.email, 'Seen on the forecast page');
    const res = await post('/api/feedback', { ...validFeedback, additionalDetails: details, userId: alice.userId });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await t.db.select().from(userFeedback).where(eq(userFeedback.id, id));
    expect(row).toMatchObject({
      userId: alice.userId,
      userEmail: alice.email,
      userName: alice.email.split('@')[0],
      feedbackType: 'improvement',
      message: validFeedback.message,
      additionalDetails: details,
      status: 'new',
      adminResponse: null,
    });
  });

  it('accepts it without userId and additionalDetails', async () => {
    expect((await post('/api/feedback', validFeedback)).statusCode).toBe(201);
  });

  it('refuses a missing or unknown category', async () => {
    await expectRejected('/api/feedback', { message: validFeedback.message }, 'Please select a feedback category');
    await expectRejected('/api/feedback', { ...validFeedback, feedbackType: 'rant' }, 'Please select a feedback category');
  });

  it('refuses text under 10 characters, counting without surrounding blanks, or missing', async () => {
    await expectRejected('/api/feedback', { ...validFeedback, message: 'Too short' }, 'Feedback must be at least 10 characters.');
    await expectRejected('/api/feedback', { ...validFeedback, message: '   short      ' }, 'Feedback must be at least 10 characters.');
    await expectRejected('/api/feedback', { feedbackType: 'other' }, 'Feedback must be at least 10 characters.');
  });

  it('refuses text over the maximum length', async () => {
    await expectRejected('/api/feedback', { ...validFeedback, message: 'x'.repeat(5001) }, 'at most 5000 characters');
  });

  it("refuses another user's userId", async () => {
    await expectRejected('/api/feedback', { ...validFeedback, userId: bob.userId }, 'userId');
  });
});

describe('POST /api/bug-report', () => {
  it('stores a valid report with status new and the submitter from the session', async () => {
    const res = await post('/api/bug-report', { ...validBug, additionalDetails: 'Pixel 7, Chrome', userId: alice.userId });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(bugReports).where(eq(bugReports.id, res.json<{ id: string }>().id));
    expect(row).toMatchObject({
      userId: alice.userId,
      userEmail: alice.email,
      bugType: 'ui_issue',
      description: validBug.description,
      additionalDetails: 'Pixel 7, Chrome',
      status: 'new',
    });
  });

  it('refuses a missing or unknown type of issue', async () => {
    await expectRejected('/api/bug-report', { description: validBug.description }, 'Please select the type of issue');
    await expectRejected('/api/bug-report', { ...validBug, bugType: 'crash' }, 'Please select the type of issue');
  });

  it('refuses a description under 10 characters or missing', async () => {
    await expectRejected('/api/bug-report', { ...validBug, description: 'Broken' }, 'Description must be at least 10 characters.');
    await expectRejected('/api/bug-report', { bugType: 'other' }, 'Description must be at least 10 characters.');
  });

  it("refuses another user's userId", async () => {
    await expectRejected('/api/bug-report', { ...validBug, userId: bob.userId }, 'userId');
  });
});

describe('POST /api/help-request', () => {
  it('stores a valid request as open with priority normal, under the caller', async () => {
    const res = await post('/api/help-request', validHelp, bob);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, res.json<{ id: string }>().id));
    expect(row).toMatchObject({
      userId: bob.userId,
      // The form's name and address: where the person asked to be answered.
      userName: 'Alice Pilot',
      userEmail: 'alice.reply@example.com',
      subject: 'account',
      message: validHelp.message,
      status: 'open',
      priority: 'normal',
    });
  });

  it("files 'Contact sales' under category sales (the subject stays the form's); any other category is refused", async () => {
    const res = await post('/api/help-request', { ...validHelp, category: 'sales', message: 'We fly 40 drones: tell us about Enterprise.' }, bob);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, res.json<{ id: string }>().id));
    expect(row).toMatchObject({ category: 'sales', subject: 'account', status: 'open' });
    const plain = await post('/api/help-request', validHelp, bob);
    const [plainRow] = await t.db.select().from(helpRequests).where(eq(helpRequests.id, plain.json<{ id: string }>().id));
    expect(plainRow?.category).toBe('account');
    await expectRejected('/api/help-request', { ...validHelp, category: 'refunds' }, 'Category must be one of: sales');
  });

  const required: [keyof typeof validHelp, string][] = [
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['subject', 'Subject is required'],
    ['message', 'Message is required'],
  ];
  for (const [field, message] of required) {
    it(`requires ${field}`, async () => {
      const { [field]: _omitted, ...rest } = validHelp;
      await expectRejected('/api/help-request', rest, message);
      await expectRejected('/api/help-request', { ...validHelp, [field]: '   ' }, message);
    });
  }

  it('refuses a malformed e-mail address', async () => {
    await expectRejected('/api/help-request', { ...validHelp, email: 'alice@' }, 'Please enter a valid email address');
  });
});

describe('signed out', () => {
  for (const [path, body] of [
    ['/api/feedback', validFeedback],
    ['/api/bug-report', validBug],
    ['/api/help-request', validHelp],
  ] as const) {
    it(`${path} answers 401 and writes nothing`, async () => {
      const before = await count(path);
      for (const payload of [body, {}]) {
        const res = await post(path, payload, null);
        expect(res.statusCode).toBe(401);
      }
      expect(await count(path)).toBe(before);
    });
  }
});
