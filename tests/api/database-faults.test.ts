import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs, users } from '../../src/server/db/schema/index.ts';
import type { Drone } from '../../src/shared/drones.ts';
import { createUser, uniqueEmail, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t, 'faults', 'pro');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...user.headers, origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe.skipIf(!serverUrl)('PostgreSQL connection loss (pg_terminate_backend)', () => {
  let admin: pg.Client;
  let dbName: string;
  beforeAll(async () => {
    const result = await t.db.execute<{ name: string }>(sql`select current_database() as name`);
    dbName = result.rows[0]!.name;
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
  });
  afterAll(async () => admin.end());

  const terminateAppBackends = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);

  it('a request whose transaction is open answers 503, nothing is written, and the next requests succeed', async () => {
    const created = await call('POST', '/api/drones', { serialNumber: 'FAULT-1', manufacturer: 'DJI', model: 'Mavic 3', name: 'Before' });
    expect(created.statusCode, created.body).toBe(201);
    const drone = created.json<Drone>();

    // Hold the drone's row so the app's update waits inside its transaction, then cut every app connection.
    await admin.query('begin');
    await admin.query('select id from drones where id = $1 for update', [drone.id]);
    const pending = call('PUT', `/api/drones/${drone.id}`, { serialNumber: 'FAULT-1', manufacturer: 'DJI', model: 'Mavic 3', name: 'After' });
    await waitFor(async () => {
      const r = await admin.query("select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()", [dbName]);
      return (r.rowCount ?? 0) > 0;
    }, 'the app waiting on the row lock');
    await terminateAppBackends();
    const res = await pending;
    await admin.query('rollback');

    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.stringContaining('database is unavailable') as string });
    expect(res.headers['retry-after']).toBe('1');

    // The process is alive (an unhandled 'error' event would have failed this file) and recovers at once.
    const after = await waitFor(async () => {
      const r = await call('GET', '/api/drones');
      return r.statusCode === 200 ? r : null;
    }, 'a successful request after the fault');
    const listed = after.json<Drone[]>().find((d) => d.id === drone.id);
    expect(listed?.name).toBe('Before');
    for (let i = 0; i < 5; i++) expect((await call('GET', '/api/drones')).statusCode).toBe(200);
  });

  it('idle pooled connections cut at once are replaced without a restart', async () => {
    // Fill the pool with idle connections, then terminate them all while nothing is in flight.
    await Promise.all(Array.from({ length: 8 }, () => call('GET', '/api/drones')));
    await terminateAppBackends();
    // Readiness asked at once: a cut pooled connection is not an unreachable database.
    expect((await call('GET', '/api/ready')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 10; i++) expect((await call('GET', '/api/drones')).statusCode).toBe(200);
  });

  it("the 503's error log row holds the statement's shape, never its values", async () => {
    // Written in onResponse, after the reply: wait for it rather than race it.
    const rows = await waitFor(async () => {
      const found = await t.db.select().from(errorLogs).where(eq(errorLogs.statusCode, 503));
      return found.length > 0 ? found : null;
    }, "the 503's error log row");
    for (const row of rows) {
      expect(row.errorStack ?? '').not.toContain('After');
      expect(row.errorStack ?? '').not.toContain('FAULT-1');
      expect(row.errorMessage).not.toContain('FAULT-1');
    }
  });
});

describe('sign-in races', () => {
  it('20 simultaneous first sign-ins of one new e-mail all succeed as the same user', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email } })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const ids = new Set(answers.map((a) => a.json<{ id: string }>().id));
    expect(ids.size).toBe(1);
    expect((await t.db.select().from(users).where(eq(users.email, email))).length).toBe(1);
  });
});

describe('a failing statement is recorded by its shape, never its values', () => {
  it('a 500 from the database keeps e-mail addresses and message text out of the log and error_logs', async () => {
    const secret = 'secret-value-7f3a@example.com';
    const local = await createTestApp({}, {}, {
      database: t.database,
      beforeReady: (app, deps) => {
        app.get('/api/test/failing-statement', async () => {
          // A statement that fails on the server with a parameter holding user data.
          await deps.db.execute(sql`select ${secret}::int`);
          return { ok: true };
        });
      },
    });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/api/test/failing-statement' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(secret);
      const rows = await waitFor(async () => {
        const r = await local.db.select().from(errorLogs).where(eq(errorLogs.endpoint, '/api/test/failing-statement'));
        return r.length > 0 ? r : null;
      }, 'the error log row');
      const stack = rows[0]!.errorStack ?? '';
      expect(stack).toContain('statement: select $1::int');
      expect(stack).toContain('sqlstate: 22P02');
      expect(stack).not.toContain(secret);
      expect(rows[0]!.errorMessage).not.toContain(secret);
    } finally {
      await local.app.close();
    }
  });
});
