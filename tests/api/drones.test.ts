import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drones, flightLogs } from '../../src/server/db/schema/index.ts';
import { DRONE_MESSAGES, droneLimitMessage, type Drone, type DroneDeleteResponse } from '../../src/shared/drones.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import { createUser, makePilot, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const mavic = { serialNumber: '1581F4XFB22A0012', manufacturer: 'DJI', model: 'Mavic 3' };

let serialSeq = 0;
/** Many tests add "a Mavic" several times: each POST of the shared example gets its own serial, as a serial is unique per maker (issue 16). */
const ownSerial = (method: string, payload: unknown) =>
  method === 'POST' && payload && typeof payload === 'object' && 'serialNumber' in payload && payload.serialNumber === mavic.serialNumber
    ? { ...payload, serialNumber: `${mavic.serialNumber}-${++serialSeq}` }
    : payload;

const call = (u: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const payload = ownSerial(method, body);
  return t.app.inject({ method, url, headers: { ...(u?.headers ?? {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });
};

async function addDrone(u: SignedInUser, body: object = mavic): Promise<Drone> {
  const res = await call(u, 'POST', '/api/drones', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Drone>();
}

async function list(u: SignedInUser): Promise<Drone[]> {
  const res = await call(u, 'GET', '/api/drones');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Drone[]>();
}

const primaryCount = async (userId: string) =>
  (await t.db.select().from(drones).where(and(eq(drones.userId, userId), eq(drones.isPrimary, true)))).length;

const pilot = (label: string, tier: Tier = 'pro') => createUser(t, label, tier);

describe('signed out', () => {
  const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
    ['GET', '/api/drones'],
    ['POST', '/api/drones', mavic],
    ['PUT', '/api/drones/1', mavic],
    ['DELETE', '/api/drones/1'],
    ['POST', '/api/drones/1/set-primary'],
    ['POST', '/api/drones/1/primary'],
  ];
  for (const [method, url, body] of routes) {
    it(`${method} ${url} answers 401 and changes nothing`, async () => {
      const before = (await t.db.select().from(drones)).length;
      const res = await call(null, method, url, body);
      expect(res.statusCode).toBe(401);
      expect((await t.db.select().from(drones)).length).toBe(before);
    });
  }
});

describe('POST /api/drones', () => {
  it('creates the drone with a generated DRONE-<time>-<random> identifier; the first is primary', async () => {
    const u = await pilot('drone-create');
    const before = Date.now();
    const first = await addDrone(u, { ...mavic, flightHours: 12.5, faaRegistration: 'FA3XYZ1234', notes: 'Blue stickers' });
    expect(first.serialNumber).toMatch(/^1581F4XFB22A0012-\d+$/);
    expect(first).toMatchObject({ manufacturer: mavic.manufacturer, model: mavic.model, flightHours: 12.5, isPrimary: true, displayName: 'DJI Mavic 3', flightCount: 0, loggedHours: 0, userId: u.userId });
    const match = /^DRONE-(\d+)-([A-Z0-9]+)$/.exec(first.uniqueIdentifier);
    expect(match, first.uniqueIdentifier).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(before);
    const second = await addDrone(u, { ...mavic, uniqueIdentifier: 'MY-OWN-ID', name: 'Backup' });
    expect(second.isPrimary).toBe(false);
    expect(second.uniqueIdentifier).toBe('MY-OWN-ID');
    expect(second.displayName).toBe('Backup');
    expect((await list(u)).map((d) => d.id)).toEqual([first.id, second.id]);
  });

  const refused: [string, object, string][] = [
    ['no serial number', { manufacturer: 'DJI' }, `serialNumber: ${DRONE_MESSAGES.serialNumberRequired}`],
    ['a blank serial number', { ...mavic, serialNumber: '   ' }, `serialNumber: ${DRONE_MESSAGES.serialNumberRequired}`],
    ['no manufacturer', { serialNumber: 'X1' }, `manufacturer: ${DRONE_MESSAGES.manufacturerRequired}`],
    ['a blank unique identifier', { ...mavic, uniqueIdentifier: ' ' }, `uniqueIdentifier: ${DRONE_MESSAGES.uniqueIdentifierRequired}`],
    ['a manufacturer not in the catalogue', { ...mavic, manufacturer: 'Acme' }, `manufacturer: ${DRONE_MESSAGES.manufacturerUnknown}`],
    ['a model of another maker', { ...mavic, model: 'Anafi' }, `model: ${DRONE_MESSAGES.modelUnknown}`],
    ['Other without the maker’s name', { serialNumber: 'X1', manufacturer: 'Other', customModel: 'Scout' }, `customManufacturer: ${DRONE_MESSAGES.customManufacturerRequired}`],
    ['model Other without its name', { ...mavic, model: 'Other' }, `customModel: ${DRONE_MESSAGES.customModelRequired}`],
    ['negative flight hours', { ...mavic, flightHours: -0.1 }, `flightHours: ${DRONE_MESSAGES.flightHoursNegative}`],
    ['flight hours off the 0.1 step', { ...mavic, flightHours: 1.25 }, `flightHours: ${DRONE_MESSAGES.flightHoursStep}`],
    ['a registration date in the future', { ...mavic, registrationDate: '2999-01-01' }, `registrationDate: ${DRONE_MESSAGES.dateInFuture}`],
    ['an impossible maintenance date', { ...mavic, lastMaintenanceDate: '2024-02-30' }, `lastMaintenanceDate: ${DRONE_MESSAGES.dateInvalid}`],
    ['an over-long serial number', { ...mavic, serialNumber: 'S'.repeat(101) }, 'serialNumber: Serial number must be at most 100 characters'],
  ];
  for (const [label, body, message] of refused) {
    it(`answers 400 to ${label}, and stores nothing`, async () => {
      const u = await pilot('drone-invalid');
      const res = await call(u, 'POST', '/api/drones', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'VALIDATION' });
      expect(await list(u)).toEqual([]);
    });
  }

  it('reads a non-numeric flight hours entry as 0 and numeric text as its number', async () => {
    const u = await pilot('drone-hours');
    expect((await addDrone(u, { ...mavic, flightHours: 'lots' })).flightHours).toBe(0);
    expect((await addDrone(u, { ...mavic, flightHours: '3.4' })).flightHours).toBe(3.4);
    expect((await addDrone(u, { ...mavic, flightHours: 0.3 })).flightHours).toBe(0.3);
  });

  it('keeps the free text only where Other was chosen', async () => {
    const u = await pilot('drone-other');
    const custom = await addDrone(u, { serialNumber: 'X1', manufacturer: 'Other', customManufacturer: 'Wingtra', customModel: 'WingtraOne Gen II' });
    expect(custom).toMatchObject({ manufacturer: 'Other', model: 'Other', customManufacturer: 'Wingtra', customModel: 'WingtraOne Gen II', displayName: 'Wingtra WingtraOne Gen II' });
    const djiOther = await addDrone(u, { ...mavic, model: 'Other', customManufacturer: 'ignored', customModel: 'Phantom 4 Pro' });
    expect(djiOther).toMatchObject({ manufacturer: 'DJI', model: 'Other', customManufacturer: null, customModel: 'Phantom 4 Pro', displayName: 'DJI Phantom 4 Pro' });
    const plain = await addDrone(u, { ...mavic, customModel: 'ignored' });
    expect(plain.customModel).toBeNull();
  });

  it('answers 409 to a unique identifier the pilot already uses', async () => {
    const u = await pilot('drone-dup');
    await addDrone(u, { ...mavic, uniqueIdentifier: 'SAME' });
    const res = await call(u, 'POST', '/api/drones', { ...mavic, uniqueIdentifier: 'SAME' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'DUPLICATE_IDENTIFIER', message: DRONE_MESSAGES.duplicateIdentifier });
    // Another pilot may use the same identifier.
    await addDrone(await pilot('drone-dup-other'), { ...mavic, uniqueIdentifier: 'SAME' });
  });

  it('refuses a second active drone with the same serial from the same maker (issue 16), by code and by the index', async () => {
    const u = await pilot('drone-serial');
    const first = await addDrone(u, { ...mavic, serialNumber: 'SER-1' });
    const res = await call(u, 'POST', '/api/drones', { ...mavic, model: 'Mini 4 Pro', serialNumber: ' ser-1 ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'DUPLICATE_SERIAL', message: DRONE_MESSAGES.duplicateSerial });
    expect(await list(u)).toHaveLength(1);
    // Editing another drone onto the serial is refused too; its own serial may be kept on edit.
    const second = await addDrone(u, { ...mavic, serialNumber: 'SER-2' });
    expect((await call(u, 'PUT', `/api/drones/${second.id}`, { ...mavic, serialNumber: 'SER-1' })).statusCode).toBe(409);
    expect((await call(u, 'PUT', `/api/drones/${first.id}`, { ...mavic, serialNumber: 'SER-1', name: 'Kept' })).statusCode).toBe(200);
    // Another maker, another pilot, the import's 'Unknown' placeholder: allowed.
    await addDrone(u, { serialNumber: 'SER-1', manufacturer: 'Autel Robotics', model: 'EVO Lite+' });
    await addDrone(u, { serialNumber: 'SER-1', manufacturer: 'Other', customManufacturer: 'Wingtra', customModel: 'One' });
    await addDrone(await pilot('drone-serial-other'), { ...mavic, serialNumber: 'SER-1' });
    // The database itself refuses what the code would have caught.
    await expect(
      t.db.insert(drones).values({ userId: u.userId, uniqueIdentifier: 'RAW-1', serialNumber: 'Ser-1', manufacturer: 'DJI' }),
    ).rejects.toThrow();
  });

  it('refuses to assign the drone to another user', async () => {
    const u = await pilot('drone-assign');
    const other = await pilot('drone-assign-other');
    const res = await call(u, 'POST', '/api/drones', { ...mavic, assignedPilotId: other.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(`assignedPilotId: ${DRONE_MESSAGES.assignedPilotNotAllowed}`);
    expect((await addDrone(u, { ...mavic, assignedPilotId: u.userId })).assignedPilotId).toBe(u.userId);
  });
});

describe('drone limits (basic 1, hobbyist 3, pro 10, others unlimited)', () => {
  for (const [tier, limit] of [['basic', 1], ['hobbyist', 3], ['pro', 10]] as const) {
    it(`${tier}: the ${limit + 1}th drone answers 403 with the upgrade message`, async () => {
      const u = await pilot(`limit-${tier}`, tier);
      for (let i = 0; i < limit; i++) await addDrone(u);
      const res = await call(u, 'POST', '/api/drones', mavic);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'DRONE_LIMIT_REACHED', message: droneLimitMessage(tier) });
      expect(await list(u)).toHaveLength(limit);
    });
  }

  it('the message names the plan and its limit', () => {
    expect(droneLimitMessage('basic')).toBe('Your Basic plan allows 1 drone. Upgrade your plan to register more drones.');
    expect(droneLimitMessage('hobbyist')).toBe('Your Hobbyist plan allows 3 drones. Upgrade your plan to register more drones.');
  });

  it('business and staff tiers are unlimited; a pilot of a business works under business', async () => {
    const biz = await pilot('limit-business', 'business');
    for (let i = 0; i < 12; i++) await addDrone(biz);
    const basicPilot = await pilot('limit-pilot', 'basic');
    await makePilot(t, basicPilot.userId, 'biz-1');
    for (let i = 0; i < 3; i++) await addDrone(basicPilot);
    expect(await list(basicPilot)).toHaveLength(3);
  });

  it('20 concurrent adds with one slot left create exactly one drone', async () => {
    const u = await pilot('limit-race', 'hobbyist');
    await addDrone(u);
    await addDrone(u);
    const results = await Promise.all(Array.from({ length: 20 }, () => call(u, 'POST', '/api/drones', mavic)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 403)).toHaveLength(19);
    expect(await list(u)).toHaveLength(3);
    expect(await primaryCount(u.userId)).toBe(1);
  });

  it('deleting a drone frees its slot', async () => {
    const u = await pilot('limit-free', 'basic');
    const d = await addDrone(u);
    expect((await call(u, 'DELETE', `/api/drones/${d.id}`)).statusCode).toBe(200);
    const again = await addDrone(u);
    expect(again.isPrimary).toBe(true);
  });
});

describe('primary drone', () => {
  it('both paths make a drone primary; the list puts it first; exactly one stays primary', async () => {
    const u = await pilot('primary-paths');
    const a = await addDrone(u);
    const b = await addDrone(u);
    const c = await addDrone(u);
    const viaSet = await call(u, 'POST', `/api/drones/${b.id}/set-primary`);
    expect(viaSet.statusCode, viaSet.body).toBe(200);
    expect(viaSet.json<Drone>()).toMatchObject({ id: b.id, isPrimary: true });
    expect((await list(u)).map((d) => [d.id, d.isPrimary])).toEqual([
      [b.id, true],
      [a.id, false],
      [c.id, false],
    ]);
    expect((await call(u, 'POST', `/api/drones/${c.id}/primary`)).statusCode).toBe(200);
    expect((await list(u))[0]!.id).toBe(c.id);
    expect((await call(u, 'POST', `/api/drones/${c.id}/primary`)).statusCode).toBe(200);
    expect(await primaryCount(u.userId)).toBe(1);
  });

  it('20 concurrent set-primary calls leave exactly one primary', async () => {
    const u = await pilot('primary-race');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await addDrone(u)).id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(u, 'POST', `/api/drones/${ids[i % ids.length]}/${i % 2 ? 'primary' : 'set-primary'}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await primaryCount(u.userId)).toBe(1);
    expect((await list(u)).filter((d) => d.isPrimary)).toHaveLength(1);
  });

  it('the database itself refuses a second primary', async () => {
    const u = await pilot('primary-index');
    const a = await addDrone(u);
    await addDrone(u);
    await expect(t.db.update(drones).set({ isPrimary: true }).where(eq(drones.userId, u.userId))).rejects.toThrow();
    expect((await list(u)).find((d) => d.isPrimary)?.id).toBe(a.id);
  });

  it('deleting the primary promotes the oldest drone left', async () => {
    const u = await pilot('primary-promote');
    const a = await addDrone(u);
    const b = await addDrone(u);
    const c = await addDrone(u);
    await call(u, 'POST', `/api/drones/${c.id}/primary`);
    const res = await call(u, 'DELETE', `/api/drones/${c.id}`);
    expect(res.json<DroneDeleteResponse>()).toEqual({ id: c.id, retired: false, flightCount: 0, promotedDroneId: a.id, message: 'Drone deleted' });
    expect((await list(u)).map((d) => [d.id, d.isPrimary])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    const res2 = await call(u, 'DELETE', `/api/drones/${b.id}`);
    expect(res2.json<DroneDeleteResponse>().promotedDroneId).toBeNull();
  });
});

describe('PUT /api/drones/{id}', () => {
  it('edits every field; an absent identifier is kept', async () => {
    const u = await pilot('drone-edit');
    const d = await addDrone(u, { serialNumber: 'X1', manufacturer: 'Other', customManufacturer: 'Wingtra', customModel: 'One' });
    const res = await call(u, 'PUT', `/api/drones/${d.id}`, { ...mavic, flightHours: 2.2, lastMaintenanceDate: '2024-05-01', name: 'Survey bird' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Drone>()).toMatchObject({
      id: d.id,
      uniqueIdentifier: d.uniqueIdentifier,
      manufacturer: 'DJI',
      model: 'Mavic 3',
      customManufacturer: null,
      customModel: null,
      flightHours: 2.2,
      lastMaintenanceDate: '2024-05-01',
      displayName: 'Survey bird',
      isPrimary: true,
    });
  });

  it('validates like POST and answers 409 to an identifier in use', async () => {
    const u = await pilot('drone-edit-invalid');
    const a = await addDrone(u, { ...mavic, uniqueIdentifier: 'A' });
    await addDrone(u, { ...mavic, uniqueIdentifier: 'B' });
    const bad = await call(u, 'PUT', `/api/drones/${a.id}`, { manufacturer: 'DJI' });
    expect(bad.json()).toEqual({ code: 'VALIDATION', message: `serialNumber: ${DRONE_MESSAGES.serialNumberRequired}` });
    const dup = await call(u, 'PUT', `/api/drones/${a.id}`, { ...mavic, uniqueIdentifier: 'B' });
    expect(dup.statusCode).toBe(409);
    expect((await list(u)).map((d) => d.uniqueIdentifier)).toEqual(['A', 'B']);
  });
});

describe("another user's drone answers 404 and is left alone", () => {
  it('PUT, DELETE and both set-primary paths', async () => {
    const owner = await pilot('owner');
    const stranger = await pilot('stranger');
    const theirs = await addDrone(owner);
    const theirsToo = await addDrone(owner);
    const mine = await addDrone(stranger);
    for (const [method, url, body] of [
      ['PUT', `/api/drones/${theirs.id}`, { ...mavic, serialNumber: 'HIJACK' }],
      ['DELETE', `/api/drones/${theirs.id}`],
      ['POST', `/api/drones/${theirs.id}/set-primary`],
      ['POST', `/api/drones/${theirs.id + 1}/primary`],
    ] as const) {
      const res = await call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Drone not found' });
    }
    const after = await list(owner);
    expect(after.map((d) => [d.serialNumber, d.isPrimary])).toEqual([
      [theirs.serialNumber, true],
      [theirsToo.serialNumber, false],
    ]);
    expect((await list(stranger)).map((d) => d.id)).toEqual([mine.id]);
  });

  it('an id that is not a number, or does not exist, is 404 too', async () => {
    const u = await pilot('drone-bad-id');
    for (const url of ['/api/drones/abc', '/api/drones/0', '/api/drones/99999999']) {
      expect((await call(u, 'DELETE', url)).statusCode, url).toBe(404);
    }
  });
});

describe('DELETE /api/drones/{id} with flights', () => {
  it('retires the drone: its flights stay, it leaves the list and the limit', async () => {
    const u = await pilot('drone-retire', 'basic');
    const d = await addDrone(u);
    await t.db.insert(flightLogs).values({ userId: u.userId, droneId: d.id, flightDate: '2024-04-01', flightDuration: 25 });
    const res = await call(u, 'DELETE', `/api/drones/${d.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<DroneDeleteResponse>()).toMatchObject({ id: d.id, retired: true, flightCount: 1, promotedDroneId: null });
    expect(res.json<DroneDeleteResponse>().message).toBe('Drone removed from your list. Its logged flight stays in your logbook under its name.');
    expect(await list(u)).toEqual([]);
    expect(await t.db.select().from(flightLogs).where(eq(flightLogs.droneId, d.id))).toHaveLength(1);
    // The slot is free again, and the retired drone can be deleted no further.
    await addDrone(u);
    expect((await call(u, 'DELETE', `/api/drones/${d.id}`)).statusCode).toBe(404);
    expect((await call(u, 'POST', `/api/drones/${d.id}/primary`)).statusCode).toBe(404);
  });
});
