import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Drone } from '../../src/shared/drones.ts';
import type { FlightLog, ImportResponse } from '../../src/shared/flight-logs/contract.ts';
import { CSV_EXPORT_UPGRADE_TIP } from '../../src/shared/flight-logs/policy.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HEADER = 'Date,Takeoff Time (UTC),Duration (minutes),Drone,Manufacturer,Model,Serial Number,Drone ID,Location,Flight Type,Conditions,Notes';

const post = async <T>(u: SignedInUser, url: string, payload: object): Promise<T> => {
  const res = await t.app.inject({ method: 'POST', url, headers: { ...u.headers, origin: TEST_ORIGIN }, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
};
const exportCsv = (u: SignedInUser | null, auth: 'cookie' | 'bearer' = 'cookie') =>
  t.app.inject({ url: '/api/flight-logs/export/csv', headers: u ? (auth === 'cookie' ? u.headers : { authorization: `Bearer ${u.token}` }) : {} });
const importCsv = (u: SignedInUser, body: string) =>
  t.app.inject({ method: 'POST', url: '/api/flight-logs/import/csv', headers: { authorization: `Bearer ${u.token}`, origin: TEST_ORIGIN, 'content-type': 'text/csv' }, payload: body });
const logsOf = async (u: SignedInUser) => (await t.app.inject({ url: '/api/flight-logs', headers: u.headers })).json<{ flightLogs: FlightLog[] }>().flightLogs;
const dronesOf = async (u: SignedInUser) => (await t.app.inject({ url: '/api/drones', headers: u.headers })).json<Drone[]>();
const pilot = (label: string, tier: Tier = 'pro') => createUser(t, label, tier);

/** A logbook with the awkward cases: formula-like text, quotes, commas, new lines, accents, custom makes. */
async function fillLogbook(u: SignedInUser) {
  const mavic = await post<Drone>(u, '/api/drones', { serialNumber: '1581F4XFB22A0012', manufacturer: 'DJI', model: 'Mavic 3', uniqueIdentifier: 'DRONE-1700000000000-AB12CD' });
  const wingtra = await post<Drone>(u, '/api/drones', { serialNumber: 'WT-2-0099', manufacturer: 'Other', customManufacturer: 'Wingtra', customModel: 'WingtraOne Gen II', name: '@Survey "Wing"' });
  const p4 = await post<Drone>(u, '/api/drones', { serialNumber: '07JDDBB0010175', manufacturer: 'DJI', model: 'Other', customModel: 'Phantom 4 Pro' });
  const flights = [
    { droneId: mavic.id, flightDate: '2024-01-05', flightDuration: 25, takeoffTime: '08:15:30', location: '-33.8568, 151.2153', flightType: 'commercial', conditions: '+12 °C, light wind', notes: '=HYPERLINK("http://evil.example","click")' },
    { droneId: wingtra.id, flightDate: '2024-01-06', flightDuration: 58, location: 'Zürich, "Allmend"', flightType: 'inspection', notes: 'Line one\nLine two, with a comma' },
    { droneId: p4.id, flightDate: '2023-12-31', flightDuration: 12, flightType: 'training', conditions: '-2 °C', notes: '@SUM(A1:A2)' },
    { droneId: p4.id, flightDate: '2023-12-31', flightDuration: 12, flightType: 'training', conditions: '-2 °C', notes: '@SUM(A1:A2)' },
    { droneId: mavic.id, flightDate: '2024-02-10', flightDuration: 1, notes: '日本語のメモ' },
  ];
  for (const f of flights) await post(u, '/api/flight-logs', f);
  return { mavic, wingtra, p4 };
}

describe('who may export', () => {
  it('signed out answers 401', async () => {
    expect((await exportCsv(null)).statusCode).toBe(401);
  });

  it('basic answers 403 with the upgrade tip', async () => {
    const u = await pilot('export-basic', 'basic');
    const res = await exportCsv(u);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: CSV_EXPORT_UPGRADE_TIP });
  });

  for (const tier of ['hobbyist', 'pro', 'business', 'enterprise', 'admin'] as const) {
    it(`${tier} may export, by cookie or bearer token`, async () => {
      const u = await pilot(`export-${tier}`, tier);
      expect((await exportCsv(u)).statusCode).toBe(200);
      expect((await exportCsv(u, 'bearer')).statusCode).toBe(200);
    });
  }
});

describe('GET /api/flight-logs/export/csv', () => {
  it('is a UTF-8 CSV download named flight-logs-{date}.csv, one row per flight, oldest first', async () => {
    const u = await pilot('export-shape', 'hobbyist');
    await fillLogbook(u);
    const res = await exportCsv(u, 'bearer');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="flight-logs-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse<Record<string, string>>(text, { columns: true });
    expect(rows.map((r) => [r.Date, r['Takeoff Time (UTC)'], r['Duration (minutes)'], r.Drone])).toEqual([
      ['2023-12-31', '', '12', 'DJI Phantom 4 Pro'],
      ['2023-12-31', '', '12', 'DJI Phantom 4 Pro'],
      ['2024-01-05', '08:15:30', '25', 'DJI Mavic 3'],
      ['2024-01-06', '', '58', "'@Survey \"Wing\""],
      ['2024-02-10', '', '1', 'DJI Mavic 3'],
    ]);
    expect(rows[4]!.Notes).toBe('日本語のメモ');
    expect(rows[3]).toMatchObject({ Manufacturer: 'Wingtra', Model: 'WingtraOne Gen II', Location: 'Zürich, "Allmend"', Notes: 'Line one\nLine two, with a comma' });
  });

  it('neutralises every cell a spreadsheet would run as a formula (= + - @)', async () => {
    const u = await pilot('export-formula');
    await fillLogbook(u);
    const text = (await exportCsv(u)).rawPayload.subarray(3).toString('utf8');
    const rows = parse<Record<string, string>>(text, { columns: true });
    const cells = rows.flatMap((r) => Object.values(r));
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    expect(rows[2]).toMatchObject({ Location: "'-33.8568, 151.2153", Conditions: "'+12 °C, light wind", Notes: '\'=HYPERLINK("http://evil.example","click")' });
    expect(rows[0]).toMatchObject({ Conditions: "'-2 °C", Notes: "'@SUM(A1:A2)" });
  });

  it('an empty logbook exports the header only', async () => {
    const u = await pilot('export-empty');
    expect((await exportCsv(u)).rawPayload.toString('utf8')).toBe(`\uFEFF${HEADER}\r\n`);
  });
});

describe('export → import round trip', () => {
  it('another account gets the same flights and drones; importing it again adds nothing', async () => {
    const a = await pilot('roundtrip-a');
    await fillLogbook(a);
    const file = (await exportCsv(a)).rawPayload.toString('utf8');

    const b = await pilot('roundtrip-b');
    const res = await importCsv(b, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResponse>()).toMatchObject({ imported: 5, totalFound: 5, createdDrones: 3, skipped: 0, errors: [], format: 'drone-doctor', confidence: 1 });

    const flight = (l: FlightLog) => [l.flightDate, l.takeoffTime, l.flightDuration, l.droneName, l.location, l.flightType, l.conditions, l.notes];
    expect((await logsOf(b)).map(flight)).toEqual((await logsOf(a)).map(flight));
    const drone = (d: Drone) => [d.displayName, d.name, d.manufacturer, d.model, d.customManufacturer, d.customModel, d.serialNumber, d.uniqueIdentifier];
    const byName = (x: unknown[], y: unknown[]) => String(x[0]).localeCompare(String(y[0]));
    expect((await dronesOf(b)).map(drone).sort(byName)).toEqual((await dronesOf(a)).map(drone).sort(byName));

    const again = await importCsv(b, file);
    expect(again.json<ImportResponse>()).toMatchObject({ imported: 0, skipped: 5, createdDrones: 0 });
    const intoA = await importCsv(a, file);
    expect(intoA.json<ImportResponse>()).toMatchObject({ imported: 0, skipped: 5, createdDrones: 0 });
    expect(await logsOf(a)).toHaveLength(5);
  });

  it('flights of a retired drone keep its name in the export and come back with it', async () => {
    const a = await pilot('roundtrip-retired');
    const { wingtra } = await fillLogbook(a);
    await t.app.inject({ method: 'DELETE', url: `/api/drones/${wingtra.id}`, headers: { ...a.headers, origin: TEST_ORIGIN } });
    const file = (await exportCsv(a)).rawPayload.toString('utf8');
    expect(file).toContain(`'@Survey "Wing"`.replaceAll('"', '""'));
    const again = await importCsv(a, file);
    expect(again.json<ImportResponse>()).toMatchObject({ imported: 0, skipped: 5, createdDrones: 0 });
  });
});
