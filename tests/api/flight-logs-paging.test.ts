import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Drone } from '../../src/shared/drones.ts';
import type { FlightLogIds, FlightLogList } from '../../src/shared/flight-logs/contract.ts';
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from '../../src/shared/paging.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

/** GET /api/flight-logs in pages (ADR 0014), the ids behind "select all", and the streamed export. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (u: SignedInUser, url: string) => t.app.inject({ url, headers: u.headers });

async function addDrone(u: SignedInUser, serialNumber = 'SN-PAGE'): Promise<Drone> {
  const res = await t.app.inject({ method: 'POST', url: '/api/drones', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { serialNumber, manufacturer: 'DJI', model: 'Mini 4 Pro' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Drone>();
}

/**
 * `n` flights in one statement, with the orderings that matter: many on one date, equal takeoff
 * times, unknown takeoff times (every seventh), dates in any order of insertion.
 */
async function seedFlights(u: SignedInUser, droneId: number, n: number) {
  await t.db.execute(sql`
    insert into flight_logs (user_id, drone_id, flight_date, takeoff_time, flight_duration, source)
    select ${u.userId}, ${droneId}, date '2024-01-01' + ((i * 7919) % 23), case when i % 7 = 0 then null else time '06:00' + ((i * 31) % 5) * interval '1 hour' end, 1 + i % 50, 'import'
    from generate_series(1, ${n}) as i`);
}

interface Row {
  id: number;
  flightDate: string;
  takeoffTime: string | null;
}
/** The spec order: newest date first, then takeoff time (unknown last), then the latest logged. */
const specOrder = (rows: Row[]) =>
  [...rows].sort((a, b) => {
    if (a.flightDate !== b.flightDate) return a.flightDate < b.flightDate ? 1 : -1;
    if (a.takeoffTime !== b.takeoffTime) {
      if (a.takeoffTime === null) return 1;
      if (b.takeoffTime === null) return -1;
      return a.takeoffTime < b.takeoffTime ? 1 : -1;
    }
    return b.id - a.id;
  });

async function allPages(u: SignedInUser, limit?: number) {
  const pages: FlightLogList[] = [];
  let cursor: string | null = null;
  do {
    const qs = new URLSearchParams();
    if (limit !== undefined) qs.set('limit', String(limit));
    if (cursor) qs.set('cursor', cursor);
    const res = await get(u, `/api/flight-logs?${qs.toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<FlightLogList>();
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(500);
  } while (cursor);
  return pages;
}

describe('GET /api/flight-logs pages', () => {
  let a: SignedInUser;
  let b: SignedInUser;
  beforeAll(async () => {
    a = await createUser(t, 'paging-a');
    b = await createUser(t, 'paging-b');
    await seedFlights(a, (await addDrone(a)).id, 130);
    await seedFlights(b, (await addDrone(b)).id, 20);
  });

  it('walks every flight once, in the spec order, with no gap and no duplicate', async () => {
    const pages = await allPages(a, 7);
    const seen = pages.flatMap((p) => p.flightLogs);
    expect(pages.slice(0, -1).every((p) => p.flightLogs.length === 7 && p.nextCursor !== null)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(seen).toHaveLength(130);
    expect(new Set(seen.map((f) => f.id)).size).toBe(130);
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from flight_logs where user_id = ${a.userId}`)).rows as [{ n: number }];
    expect(n).toBe(130);
    expect(seen.map((f) => f.id)).toEqual(specOrder(seen).map((f) => f.id));
    // The seed has unknown takeoff times and equal ones on one date: the order is total through them.
    expect(seen.some((f) => f.takeoffTime === null)).toBe(true);
  });

  it('defaults to 50 a page, takes up to 200, and refuses 0, 201 and words with 400 VALIDATION', async () => {
    const first = (await get(a, '/api/flight-logs')).json<FlightLogList>();
    expect(first.flightLogs).toHaveLength(PAGE_DEFAULT_LIMIT);
    expect(first.nextCursor).not.toBeNull();
    const max = (await get(a, `/api/flight-logs?limit=${PAGE_MAX_LIMIT}`)).json<FlightLogList>();
    expect(max.flightLogs).toHaveLength(130);
    expect(max.nextCursor).toBeNull();
    for (const limit of ['0', String(PAGE_MAX_LIMIT + 1), 'ten', '-5', '2.5']) {
      const res = await get(a, `/api/flight-logs?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION');
    }
  });

  it('a forged, stale-shaped or oversized cursor answers 400 VALIDATION, never 500', async () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const forged = [
      'not-a-cursor',
      enc([1, 2]),
      enc(['2024-02-30', 1, '06:00:00', 5]),
      enc(['2024-01-01', 2, '06:00:00', 5]),
      enc(['2024-01-01', 1, '25:00:00', 5]),
      enc(['2024-01-01', 1, '06:00:00', -1]),
      enc(['2024-01-01', 1, '06:00:00', 'x']),
      enc(["2024-01-01' or 1=1 --", 1, '06:00:00', 5]),
      'A'.repeat(600),
    ];
    for (const cursor of forged) {
      const res = await get(a, `/api/flight-logs?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json<{ code: string }>().code).toBe('VALIDATION');
    }
  });

  it("never shows another user's flights, even with that user's cursor", async () => {
    const aIds = new Set((await allPages(a, 50)).flatMap((p) => p.flightLogs.map((f) => f.id)));
    const bPages = await allPages(b, 6);
    const bFlights = bPages.flatMap((p) => p.flightLogs);
    expect(bFlights).toHaveLength(20);
    expect(bFlights.every((f) => f.userId === b.userId && !aIds.has(f.id))).toBe(true);
    const aCursor = (await get(a, '/api/flight-logs?limit=3')).json<FlightLogList>().nextCursor!;
    const borrowed = (await get(b, `/api/flight-logs?limit=200&cursor=${aCursor}`)).json<FlightLogList>();
    expect(borrowed.flightLogs.every((f) => f.userId === b.userId)).toBe(true);
  });

  it('a flight logged while paging does not shift the next page', async () => {
    const u = await createUser(t, 'paging-live');
    const drone = await addDrone(u);
    await seedFlights(u, drone.id, 12);
    const first = (await get(u, '/api/flight-logs?limit=5')).json<FlightLogList>();
    const res = await t.app.inject({ method: 'POST', url: '/api/flight-logs', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { droneId: drone.id, flightDate: new Date().toISOString().slice(0, 10), flightDuration: 5 } });
    expect(res.statusCode, res.body).toBe(201);
    const second = (await get(u, `/api/flight-logs?limit=5&cursor=${first.nextCursor!}`)).json<FlightLogList>();
    const firstIds = new Set(first.flightLogs.map((f) => f.id));
    expect(second.flightLogs.some((f) => firstIds.has(f.id))).toBe(false);
    expect(second.flightLogs).toHaveLength(5);
  });
});

describe('GET /api/flight-logs/ids (select all)', () => {
  it('gives every id in the list order, in pages, and only the caller’s', async () => {
    const u = await createUser(t, 'ids');
    const other = await createUser(t, 'ids-other');
    await seedFlights(u, (await addDrone(u)).id, 45);
    await seedFlights(other, (await addDrone(other)).id, 5);
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(u, `/api/flight-logs/ids?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<FlightLogIds>();
      ids.push(...page.ids);
      cursor = page.nextCursor;
    } while (cursor);
    const listed = (await get(u, '/api/flight-logs?limit=200')).json<FlightLogList>().flightLogs.map((f) => f.id);
    expect(ids).toEqual(listed);
    const whole = (await get(u, '/api/flight-logs/ids')).json<FlightLogIds>();
    expect(whole).toEqual({ ids: listed, nextCursor: null });
    expect((await get(u, '/api/flight-logs/ids?limit=10001')).statusCode).toBe(400);
    expect((await get(u, '/api/flight-logs/ids?cursor=bad')).statusCode).toBe(400);
  });
});

describe('GET /api/flight-logs/export/csv', () => {
  it('streams every flight, past one batch, oldest first', async () => {
    const u = await createUser(t, 'export-all', 'pro');
    await seedFlights(u, (await addDrone(u)).id, 4500);
    const res = await get(u, '/api/flight-logs/export/csv');
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(4501);
    const dates = lines.slice(1).map((l) => l.slice(0, 10));
    expect(dates).toEqual([...dates].sort());
  });
});

describe('POST /api/flight-logs/bulk/patch and /bulk/delete (select all, ADR 0036)', () => {
  const post = (u: SignedInUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...u.headers, origin: TEST_ORIGIN }, payload });

  it("edits and deletes every id of the caller's in one request, and never another user's", async () => {
    const u = await createUser(t, 'bulk');
    const other = await createUser(t, 'bulk-other');
    await seedFlights(u, (await addDrone(u)).id, 300);
    await seedFlights(other, (await addDrone(other)).id, 3);
    const ids = (await get(u, '/api/flight-logs/ids')).json<FlightLogIds>().ids;
    const theirs = (await get(other, '/api/flight-logs/ids')).json<FlightLogIds>().ids;
    await t.db.execute(sql`update flight_logs set notes = 'first' where id = ${ids[0]!}`);

    const edited = await post(u, '/api/flight-logs/bulk/patch', { ids: [...ids, ...theirs], changes: { flightType: 'training', notes: 'Checked' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ done: 300, failed: 3 });
    const all = (await get(u, '/api/flight-logs?limit=200')).json<FlightLogList>().flightLogs;
    expect(all.every((f) => f.flightType === 'training')).toBe(true);
    expect(all.find((f) => f.id === ids[0])!.notes).toBe('first\nChecked');
    expect(all.find((f) => f.id === ids[1])!.notes).toBe('Checked');
    const untouched = (await get(other, '/api/flight-logs')).json<FlightLogList>().flightLogs;
    expect(untouched.every((f) => f.flightType === 'commercial' || f.flightType === 'recreational')).toBe(true);
    expect(untouched.every((f) => f.notes === null)).toBe(true);

    const nothing = await post(u, '/api/flight-logs/bulk/patch', { ids, changes: { flightType: 'unchanged' } });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<{ code: string }>().code).toBe('VALIDATION');
    expect((await post(u, '/api/flight-logs/bulk/delete', { ids: [] })).statusCode).toBe(400);
    expect((await post(u, '/api/flight-logs/bulk/delete', { ids: Array.from({ length: 5001 }, (_, i) => i + 1) })).statusCode).toBe(400);

    const deleted = await post(u, '/api/flight-logs/bulk/delete', { ids: [...ids, ...theirs] });
    expect(deleted.json()).toEqual({ done: 300, failed: 3 });
    expect((await get(u, '/api/flight-hours/total')).json<{ totalFlights: number }>().totalFlights).toBe(0);
    expect((await get(other, '/api/flight-hours/total')).json<{ totalFlights: number }>().totalFlights).toBe(3);
  });
});
