import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drones, flightLogImportSessions, flightLogs } from '../../src/server/db/schema/index.ts';
import type { Drone } from '../../src/shared/drones.ts';
import { IMPORT_SESSIONS_PER_USER, IMPORT_SESSION_MAX_BYTES, type ClarificationResponse, type FlightLog, type ImportResponse } from '../../src/shared/flight-logs/contract.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 8: import sessions are bounded (number per user, size, what they keep, expiry), and a flight
 * never lands on a drone deleted at the same moment (run on PostgreSQL too: `npm run test:pg`).
 */

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const AIRDATA = readFileSync(resolve(repoRoot, 'tests/fixtures/flight-logs/airdata-imperial-2019-08-17.csv'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const send = (u: SignedInUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...u.headers, origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
const importCsv = (u: SignedInUser, body: string | Buffer) =>
  t.app.inject({ method: 'POST', url: '/api/flight-logs/import/csv', headers: { ...u.headers, origin: TEST_ORIGIN, 'content-type': 'text/csv' }, payload: body });
const clarify = (u: SignedInUser, sessionId: string, clarification: string) => send(u, 'POST', '/api/flight-logs/import/csv/clarify', { sessionId, clarification });
function asked(res: Awaited<ReturnType<typeof importCsv>>) {
  expect(res.statusCode, res.body).toBe(400);
  return res.json<ClarificationResponse>();
}
async function addDrone(u: SignedInUser, body: object): Promise<Drone> {
  const res = await send(u, 'POST', '/api/drones', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Drone>();
}
const sessionsOf = (u: SignedInUser) => t.db.select().from(flightLogImportSessions).where(eq(flightLogImportSessions.userId, u.userId));

const ambiguous = (n: number) => `Date,Minutes\n03/04/2024,${10 + n}\n`;

describe('import sessions', () => {
  it(`keep at most ${IMPORT_SESSIONS_PER_USER} per user: a new one replaces the oldest`, async () => {
    const u = await createUser(t, 'sessions-cap', 'pro');
    const other = await createUser(t, 'sessions-cap-other', 'pro');
    await addDrone(u, { serialNumber: 'CAP', manufacturer: 'DJI', model: 'Mini 4 Pro' });
    const theirs = asked(await importCsv(other, ambiguous(0)));
    const ids: string[] = [];
    for (let i = 0; i < IMPORT_SESSIONS_PER_USER + 2; i++) ids.push(asked(await importCsv(u, ambiguous(i))).sessionId);
    const kept = (await sessionsOf(u)).map((s) => s.id).sort();
    expect(kept).toEqual(ids.slice(-IMPORT_SESSIONS_PER_USER).sort());
    // The replaced one says so; the newest goes on; another user's session is untouched.
    const gone = await clarify(u, ids[0]!, 'day/month/year');
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ code: string }>().code).toBe('IMPORT_SESSION_NOT_FOUND');
    const done = await clarify(u, ids.at(-1)!, 'day/month/year');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ImportResponse>().imported).toBe(1);
    expect((await sessionsOf(other)).map((s) => s.id)).toEqual([theirs.sessionId]);
  });

  it("a new session clears anyone's expired ones", async () => {
    const u = await createUser(t, 'sessions-expired', 'pro');
    const v = await createUser(t, 'sessions-expired-2', 'pro');
    const old = asked(await importCsv(u, ambiguous(1)));
    await t.db.update(flightLogImportSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(flightLogImportSessions.id, old.sessionId));
    asked(await importCsv(v, ambiguous(2)));
    expect(await t.db.select().from(flightLogImportSessions).where(eq(flightLogImportSessions.id, old.sessionId))).toEqual([]);
  });

  it('a telemetry log waiting for its drone keeps the flight read from it, not the file', async () => {
    const u = await createUser(t, 'sessions-extract', 'pro');
    await addDrone(u, { serialNumber: 'A1', manufacturer: 'DJI', model: 'Air 3' });
    const mavic = await addDrone(u, { serialNumber: 'B2', manufacturer: 'DJI', model: 'Mavic 3' });
    const q = asked(await importCsv(u, AIRDATA));
    const [row] = await sessionsOf(u);
    expect(row!.kind).toBe('extract');
    expect(row!.payload.length).toBeLessThan(2048);
    const kept = gunzipSync(row!.payload).toString('utf8');
    expect(kept).not.toContain('height_above_takeoff');
    expect(AIRDATA.length).toBeGreaterThan(100_000);
    const r = await clarify(u, q.sessionId, 'Mavic 3');
    expect(r.statusCode, r.body).toBe(200);
    const [flight] = await t.db.select().from(flightLogs).where(eq(flightLogs.userId, u.userId));
    expect(flight!.droneId).toBe(mavic.id);
  });

  it(`refuses to keep more than ${IMPORT_SESSION_MAX_BYTES / 2 ** 20} MB compressed, with 413, and keeps nothing`, async () => {
    const u = await createUser(t, 'sessions-large', 'pro');
    // Random notes do not compress: about 6 MB of them after gzip.
    const lines = ['Date,Minutes,Notes'];
    for (let i = 0; i < 80_000; i++) lines.push(`03/04/2024,${1 + (i % 50)},${randomBytes(60).toString('base64')}`);
    const res = await importCsv(u, lines.join('\n'));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(413);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'IMPORT_SESSION_TOO_LARGE' });
    expect(res.json<{ message: string }>().message).toContain('Split it into smaller files');
    expect(await sessionsOf(u)).toEqual([]);
  });
});

describe('a flight and the deletion of its drone at the same moment', () => {
  it('the flight never lands on the drone once it is retired or deleted (create and replace)', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await createUser(t, `race-${round}`, 'pro');
      const target = await addDrone(u, { serialNumber: `T${round}`, manufacturer: 'DJI', model: 'Mini 4 Pro' });
      const spare = await addDrone(u, { serialNumber: `S${round}`, manufacturer: 'DJI', model: 'Air 3' });
      // One flight already on it: the deletion retires the drone rather than deleting it.
      expect((await send(u, 'POST', '/api/flight-logs', { droneId: target.id, flightDate: '2024-01-01', flightDuration: 5 })).statusCode).toBe(201);
      const movable: FlightLog[] = [];
      for (let i = 0; i < 5; i++) movable.push((await send(u, 'POST', '/api/flight-logs', { droneId: spare.id, flightDate: '2024-01-02', flightDuration: 5 })).json<FlightLog>());

      const creates = Array.from({ length: 12 }, (_, i) => send(u, 'POST', '/api/flight-logs', { droneId: target.id, flightDate: '2024-02-01', flightDuration: 1 + i }));
      const moves = movable.map((f) => send(u, 'PUT', `/api/flight-logs/${f.id}`, { droneId: target.id, flightDate: f.flightDate, flightDuration: 9 }));
      const deletion = send(u, 'DELETE', `/api/drones/${target.id}`);
      const [answers, removed] = await Promise.all([Promise.all([...creates, ...moves]), deletion]);

      expect(removed.statusCode, removed.body).toBe(200);
      const { retired, flightCount } = removed.json<{ retired: boolean; flightCount: number }>();
      expect(retired).toBe(true);
      for (const a of answers) {
        expect([200, 201, 404], a.body).toContain(a.statusCode);
        if (a.statusCode === 404) expect(a.json<{ message: string }>().message).toBe('Drone not found');
      }
      // Every flight on the drone was there when it was retired: none landed after.
      const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from flight_logs where drone_id = ${target.id}`)).rows as [{ n: number }];
      expect(n).toBe(flightCount);
      const landed = answers.filter((a) => a.statusCode !== 404).length;
      expect(n).toBe(1 + landed);
      const [drone] = await t.db.select().from(drones).where(and(eq(drones.id, target.id), eq(drones.userId, u.userId)));
      expect(drone!.retiredAt).not.toBeNull();
    }
  });
});
