import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightLogs } from '../../src/server/db/schema/index.ts';
import type { Drone } from '../../src/shared/drones.ts';
import { FLIGHT_LOG_MESSAGES, type FlightLog, type FlightLogList, type FlightStats, type TotalHours } from '../../src/shared/flight-logs/contract.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (u: SignedInUser | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(u?.headers ?? {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function addDrone(u: SignedInUser, body: object = { serialNumber: 'SN-1', manufacturer: 'DJI', model: 'Mini 4 Pro' }): Promise<Drone> {
  const res = await call(u, 'POST', '/api/drones', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Drone>();
}

async function addLog(u: SignedInUser, body: object): Promise<FlightLog> {
  const res = await call(u, 'POST', '/api/flight-logs', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FlightLog>();
}

const logs = async (u: SignedInUser) => (await call(u, 'GET', '/api/flight-logs')).json<FlightLogList>().flightLogs;
const total = async (u: SignedInUser) => (await call(u, 'GET', '/api/flight-hours/total')).json<TotalHours>();

const today = () => new Date().toISOString().slice(0, 10);

describe('signed out', () => {
  for (const [method, url] of [
    ['GET', '/api/flight-logs'],
    ['POST', '/api/flight-logs'],
    ['PUT', '/api/flight-logs/1'],
    ['PATCH', '/api/flight-logs/1'],
    ['DELETE', '/api/flight-logs/1'],
    ['GET', '/api/flight-hours/total'],
    ['GET', '/api/flight-logs/stats'],
  ] as const) {
    it(`${method} ${url} answers 401`, async () => {
      const res = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : { droneId: 1, flightDate: '2024-01-01', flightDuration: 5 });
      expect(res.statusCode).toBe(401);
    });
  }
});

describe('POST /api/flight-logs', () => {
  it('logs a flight with the form defaults (recreational) and returns it with the drone name', async () => {
    const u = await createUser(t, 'log-create', 'pro');
    const d = await addDrone(u);
    const log = await addLog(u, { droneId: d.id, flightDate: '2024-05-04', flightDuration: 30, location: 'Golden Gate Park', conditions: 'Clear, 8 mph wind', notes: 'Practice orbits' });
    expect(log).toMatchObject({
      droneId: d.id,
      droneName: 'DJI Mini 4 Pro',
      droneRetired: false,
      flightDate: '2024-05-04',
      takeoffTime: null,
      flightDuration: 30,
      flightType: 'recreational',
      location: 'Golden Gate Park',
      conditions: 'Clear, 8 mph wind',
      notes: 'Practice orbits',
      userId: u.userId,
    });
    expect(await logs(u)).toEqual([log]);
  });

  it('accepts today, 1900-01-01, a takeoff time, each flight type, and numeric text', async () => {
    const u = await createUser(t, 'log-edges');
    const d = await addDrone(u);
    expect((await addLog(u, { droneId: d.id, flightDate: today(), flightDuration: 1 })).flightDate).toBe(today());
    expect((await addLog(u, { droneId: d.id, flightDate: '1900-01-01', flightDuration: 1 })).flightDate).toBe('1900-01-01');
    expect((await addLog(u, { droneId: String(d.id), flightDate: '2024-01-02', flightDuration: '45', takeoffTime: '14:05' })).takeoffTime).toBe('14:05:00');
    for (const flightType of ['recreational', 'commercial', 'training', 'inspection', 'other']) {
      expect((await addLog(u, { droneId: d.id, flightDate: '2024-01-03', flightDuration: 12, flightType })).flightType).toBe(flightType);
    }
  });

  const tomorrowEverywhere = () => new Date(Date.now() + 15 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  const refused: [string, (droneId: number) => object, string][] = [
    ['no drone', () => ({ flightDate: '2024-01-01', flightDuration: 10 }), `droneId: ${FLIGHT_LOG_MESSAGES.droneRequired}`],
    ['drone 0', () => ({ droneId: 0, flightDate: '2024-01-01', flightDuration: 10 }), `droneId: ${FLIGHT_LOG_MESSAGES.droneRequired}`],
    ['no date', (id) => ({ droneId: id, flightDuration: 10 }), `flightDate: ${FLIGHT_LOG_MESSAGES.dateRequired}`],
    ['a blank date', (id) => ({ droneId: id, flightDate: ' ', flightDuration: 10 }), `flightDate: ${FLIGHT_LOG_MESSAGES.dateRequired}`],
    ['a date before 1900', (id) => ({ droneId: id, flightDate: '1899-12-31', flightDuration: 10 }), `flightDate: ${FLIGHT_LOG_MESSAGES.dateTooEarly}`],
    ['a future date', (id) => ({ droneId: id, flightDate: tomorrowEverywhere(), flightDuration: 10 }), `flightDate: ${FLIGHT_LOG_MESSAGES.dateInFuture}`],
    ['an impossible date', (id) => ({ droneId: id, flightDate: '2023-02-29', flightDuration: 10 }), `flightDate: ${FLIGHT_LOG_MESSAGES.dateInvalid}`],
    ['a zero duration', (id) => ({ droneId: id, flightDate: '2024-01-01', flightDuration: 0 }), `flightDuration: ${FLIGHT_LOG_MESSAGES.durationMin}`],
    ['a non-numeric duration (read as 0)', (id) => ({ droneId: id, flightDate: '2024-01-01', flightDuration: 'half an hour' }), `flightDuration: ${FLIGHT_LOG_MESSAGES.durationMin}`],
    ['a duration over 24 hours', (id) => ({ droneId: id, flightDate: '2024-01-01', flightDuration: 1441 }), `flightDuration: ${FLIGHT_LOG_MESSAGES.durationMax}`],
    ['an unknown flight type', (id) => ({ droneId: id, flightDate: '2024-01-01', flightDuration: 5, flightType: 'racing' }), `flightType: ${FLIGHT_LOG_MESSAGES.flightTypeInvalid}`],
    ['a bad takeoff time', (id) => ({ droneId: id, flightDate: '2024-01-01', flightDuration: 5, takeoffTime: '25:00' }), `takeoffTime: ${FLIGHT_LOG_MESSAGES.takeoffTimeInvalid}`],
    ['an over-long location', (id) => ({ droneId: id, flightDate: '2024-01-01', flightDuration: 5, location: 'x'.repeat(201) }), 'location: Location must be at most 200 characters'],
  ];
  for (const [label, body, message] of refused) {
    it(`answers 400 to ${label}, and stores nothing`, async () => {
      const u = await createUser(t, 'log-invalid');
      const d = await addDrone(u);
      const res = await call(u, 'POST', '/api/flight-logs', body(d.id));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', message });
      expect(await logs(u)).toEqual([]);
    });
  }

  it("refuses another user's drone (404) and a retired one", async () => {
    const u = await createUser(t, 'log-drone-owner', 'pro');
    const stranger = await createUser(t, 'log-drone-stranger', 'pro');
    const theirs = await addDrone(stranger);
    const res = await call(u, 'POST', '/api/flight-logs', { droneId: theirs.id, flightDate: '2024-01-01', flightDuration: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: FLIGHT_LOG_MESSAGES.droneNotFound });
    expect(await logs(stranger)).toEqual([]);
    expect(await logs(u)).toEqual([]);

    const mine = await addDrone(u);
    await addLog(u, { droneId: mine.id, flightDate: '2024-01-01', flightDuration: 5 });
    await call(u, 'DELETE', `/api/drones/${mine.id}`);
    expect((await call(u, 'POST', '/api/flight-logs', { droneId: mine.id, flightDate: '2024-01-02', flightDuration: 5 })).statusCode).toBe(404);
  });
});

describe('PUT /api/flight-logs/{id}', () => {
  it('replaces the flight; a takeoff time left out is kept, null clears it', async () => {
    const u = await createUser(t, 'log-put', 'pro');
    const a = await addDrone(u);
    const b = await addDrone(u, { serialNumber: 'SN-2', manufacturer: 'Skydio', model: 'Skydio X10' });
    const log = await addLog(u, { droneId: a.id, flightDate: '2024-03-01', flightDuration: 20, takeoffTime: '09:30:15', location: 'Pier', notes: 'n' });
    const res = await call(u, 'PUT', `/api/flight-logs/${log.id}`, { droneId: b.id, flightDate: '2024-03-02', flightDuration: 25, flightType: 'inspection', conditions: 'Overcast' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FlightLog>()).toMatchObject({ droneId: b.id, droneName: 'Skydio X10', flightDate: '2024-03-02', takeoffTime: '09:30:15', flightDuration: 25, flightType: 'inspection', location: null, conditions: 'Overcast', notes: null });
    const cleared = await call(u, 'PUT', `/api/flight-logs/${log.id}`, { droneId: b.id, flightDate: '2024-03-02', flightDuration: 25, takeoffTime: null });
    expect(cleared.json<FlightLog>().takeoffTime).toBeNull();
  });

  it('validates like POST and keeps the flight as it was', async () => {
    const u = await createUser(t, 'log-put-invalid');
    const d = await addDrone(u);
    const log = await addLog(u, { droneId: d.id, flightDate: '2024-03-01', flightDuration: 20 });
    const res = await call(u, 'PUT', `/api/flight-logs/${log.id}`, { droneId: d.id, flightDate: '2024-03-01', flightDuration: 0 });
    expect(res.json()).toEqual({ code: 'VALIDATION', message: `flightDuration: ${FLIGHT_LOG_MESSAGES.durationMin}` });
    expect((await logs(u))[0]!.flightDuration).toBe(20);
  });

  it('an edit may keep a retired drone but not move a flight to one', async () => {
    const u = await createUser(t, 'log-put-retired', 'pro');
    const a = await addDrone(u);
    const b = await addDrone(u, { serialNumber: 'SN-1B', manufacturer: 'DJI', model: 'Mini 4 Pro' });
    const onA = await addLog(u, { droneId: a.id, flightDate: '2024-03-01', flightDuration: 20 });
    const onB = await addLog(u, { droneId: b.id, flightDate: '2024-03-01', flightDuration: 20 });
    await call(u, 'DELETE', `/api/drones/${a.id}`);
    const keep = await call(u, 'PUT', `/api/flight-logs/${onA.id}`, { droneId: a.id, flightDate: '2024-03-01', flightDuration: 22 });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json<FlightLog>()).toMatchObject({ droneRetired: true, flightDuration: 22 });
    expect((await call(u, 'PUT', `/api/flight-logs/${onB.id}`, { droneId: a.id, flightDate: '2024-03-01', flightDuration: 20 })).statusCode).toBe(404);
  });
});

describe('PATCH /api/flight-logs/{id} (bulk edit)', () => {
  it('changes only what was sent, skips unchanged and blanks, appends notes', async () => {
    const u = await createUser(t, 'log-patch');
    const d = await addDrone(u);
    const log = await addLog(u, { droneId: d.id, flightDate: '2024-03-01', flightDuration: 20, location: 'Beach', notes: 'Windy' });
    const res = await call(u, 'PATCH', `/api/flight-logs/${log.id}`, { flightType: 'unchanged', location: '', conditions: 'Gusty', notes: 'ND filter' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FlightLog>()).toMatchObject({ flightType: 'recreational', location: 'Beach', conditions: 'Gusty', notes: 'Windy\nND filter', flightDuration: 20 });
    const typed = await call(u, 'PATCH', `/api/flight-logs/${log.id}`, { flightType: 'training' });
    expect(typed.json<FlightLog>()).toMatchObject({ flightType: 'training', notes: 'Windy\nND filter' });
    const replaced = await call(u, 'PATCH', `/api/flight-logs/${log.id}`, { notes: 'Only this', notesMode: 'replace' });
    expect(replaced.json<FlightLog>().notes).toBe('Only this');
  });

  it("answers 'Please enter values to update' when nothing would change", async () => {
    const u = await createUser(t, 'log-patch-empty');
    const d = await addDrone(u);
    const log = await addLog(u, { droneId: d.id, flightDate: '2024-03-01', flightDuration: 20 });
    for (const body of [{}, { flightType: 'unchanged' }, { location: '  ', notes: '' }]) {
      const res = await call(u, 'PATCH', `/api/flight-logs/${log.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION', message: FLIGHT_LOG_MESSAGES.noChanges });
    }
  });

  it('refuses notes that would grow past 5000 characters', async () => {
    const u = await createUser(t, 'log-patch-long');
    const d = await addDrone(u);
    const log = await addLog(u, { droneId: d.id, flightDate: '2024-03-01', flightDuration: 20, notes: 'a'.repeat(4990) });
    const res = await call(u, 'PATCH', `/api/flight-logs/${log.id}`, { notes: 'b'.repeat(20) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(`notes: ${FLIGHT_LOG_MESSAGES.notesTooLong}`);
  });

  it('a bulk edit of 12 flights in batches of 5 updates every one', async () => {
    const u = await createUser(t, 'log-bulk');
    const d = await addDrone(u);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await addLog(u, { droneId: d.id, flightDate: '2024-03-01', flightDuration: 10 + i })).id);
    for (let i = 0; i < ids.length; i += 5) {
      const batch = await Promise.all(ids.slice(i, i + 5).map((id) => call(u, 'PATCH', `/api/flight-logs/${id}`, { flightType: 'commercial', notes: 'Client job' })));
      expect(batch.map((r) => r.statusCode)).toEqual(batch.map(() => 200));
    }
    expect((await logs(u)).every((l) => l.flightType === 'commercial' && l.notes === 'Client job')).toBe(true);
  });
});

describe("another user's flight answers 404 and is left alone", () => {
  it('PUT, PATCH and DELETE', async () => {
    const owner = await createUser(t, 'log-owner');
    const stranger = await createUser(t, 'log-stranger');
    const d = await addDrone(owner);
    const mine = await addDrone(stranger);
    const log = await addLog(owner, { droneId: d.id, flightDate: '2024-03-01', flightDuration: 20, notes: 'mine' });
    for (const [method, body] of [
      ['PUT', { droneId: mine.id, flightDate: '2024-03-01', flightDuration: 1 }],
      ['PATCH', { notes: 'hijack' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(stranger, method, `/api/flight-logs/${log.id}`, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Flight log not found' });
    }
    expect(await logs(owner)).toEqual([log]);
    expect(await logs(stranger)).toEqual([]);
    // Nor can a flight be moved onto someone else's drone.
    expect((await call(owner, 'PUT', `/api/flight-logs/${log.id}`, { droneId: mine.id, flightDate: '2024-03-01', flightDuration: 5 })).statusCode).toBe(404);
  });
});

describe('DELETE, totals and the chart figures', () => {
  it('deletes one flight; totals follow to one decimal', async () => {
    const u = await createUser(t, 'log-total');
    const d = await addDrone(u);
    expect(await total(u)).toEqual({ totalHours: 0, totalMinutes: 0, totalFlights: 0 });
    const a = await addLog(u, { droneId: d.id, flightDate: '2024-03-01', flightDuration: 50 });
    await addLog(u, { droneId: d.id, flightDate: '2024-03-02', flightDuration: 45 });
    expect(await total(u)).toEqual({ totalHours: 1.6, totalMinutes: 95, totalFlights: 2 });
    const res = await call(u, 'DELETE', `/api/flight-logs/${a.id}`);
    expect(res.json()).toEqual({ id: a.id, message: 'Flight log deleted' });
    expect(await total(u)).toEqual({ totalHours: 0.8, totalMinutes: 45, totalFlights: 1 });
    expect((await call(u, 'DELETE', `/api/flight-logs/${a.id}`)).statusCode).toBe(404);
  });

  it('lists newest first, by date then takeoff time', async () => {
    const u = await createUser(t, 'log-order');
    const d = await addDrone(u);
    await addLog(u, { droneId: d.id, flightDate: '2024-01-01', flightDuration: 5, notes: 'old' });
    await addLog(u, { droneId: d.id, flightDate: '2024-02-01', flightDuration: 5, takeoffTime: '08:00', notes: 'morning' });
    await addLog(u, { droneId: d.id, flightDate: '2024-02-01', flightDuration: 5, takeoffTime: '17:00', notes: 'evening' });
    expect((await logs(u)).map((l) => l.notes)).toEqual(['evening', 'morning', 'old']);
  });

  it('gives hours by month (gaps filled) and by drone, retired drones included', async () => {
    const u = await createUser(t, 'log-stats', 'pro');
    const a = await addDrone(u, { serialNumber: 'A', manufacturer: 'DJI', model: 'Air 3' });
    const b = await addDrone(u, { serialNumber: 'B', manufacturer: 'Parrot', model: 'Anafi Ai', name: 'Parrot 1' });
    await addLog(u, { droneId: a.id, flightDate: '2023-11-05', flightDuration: 30 });
    await addLog(u, { droneId: a.id, flightDate: '2024-01-10', flightDuration: 60 });
    await addLog(u, { droneId: b.id, flightDate: '2024-01-20', flightDuration: 90 });
    await call(u, 'DELETE', `/api/drones/${b.id}`);
    const res = await call(u, 'GET', '/api/flight-logs/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<FlightStats>();
    expect(stats.totalHours).toBe(3);
    expect(stats.totalFlights).toBe(3);
    expect(stats.drones).toEqual([
      { droneId: a.id, droneName: 'DJI Air 3', retired: false, hours: 1.5, flights: 2 },
      { droneId: b.id, droneName: 'Parrot 1', retired: true, hours: 1.5, flights: 1 },
    ]);
    expect(stats.months.map((m) => [m.month, m.hours, m.flights])).toEqual([
      ['2023-11', 0.5, 1],
      ['2023-12', 0, 0],
      ['2024-01', 2.5, 2],
    ]);
    expect(stats.months[2]!.byDrone.sort((x, y) => x.droneId - y.droneId)).toEqual([
      { droneId: a.id, hours: 1, flights: 1 },
      { droneId: b.id, hours: 1.5, flights: 1 },
    ]);
    const stranger = await createUser(t, 'log-stats-stranger');
    expect((await call(stranger, 'GET', '/api/flight-logs/stats')).json<FlightStats>()).toEqual({ totalHours: 0, totalFlights: 0, drones: [], months: [] });
  });

  it("the drone list shows each drone's logged hours and flight count", async () => {
    const u = await createUser(t, 'log-drone-hours');
    const d = await addDrone(u);
    await addLog(u, { droneId: d.id, flightDate: '2024-01-01', flightDuration: 42 });
    await addLog(u, { droneId: d.id, flightDate: '2024-01-02', flightDuration: 30 });
    const [listed] = (await call(u, 'GET', '/api/drones')).json<Drone[]>();
    expect(listed).toMatchObject({ flightCount: 2, loggedHours: 1.2 });
    expect(await t.db.$count(flightLogs)).toBeGreaterThan(0);
  });
});
