import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drones, flightLogImportSessions, flightLogs } from '../../src/server/db/schema/index.ts';
import type { Drone } from '../../src/shared/drones.ts';
import { droneLimitMessage } from '../../src/shared/drones.ts';
import { IMPORT_MAX_BYTES, type ClarificationResponse, type FlightLog, type ImportResponse } from '../../src/shared/flight-logs/contract.ts';
import { CSV_IMPORT_UPGRADE_TIP } from '../../src/shared/flight-logs/policy.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const DJI_FIXTURE = readFileSync(resolve(repoRoot, '../shared/fixtures/flight-logs/dji-flightrecord-phantomhelp-p4p-2018-first300rows.csv'));
const AIRDATA = readFileSync(resolve(repoRoot, 'tests/fixtures/flight-logs/airdata-imperial-2019-08-17.csv'));
const LITCHI = readFileSync(resolve(repoRoot, 'tests/fixtures/flight-logs/litchi-mavic-air-2-2021-06-12.csv'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const pilot = (label: string, tier: Tier = 'pro') => createUser(t, label, tier);

const importCsv = (u: SignedInUser | null, body: string | Buffer, auth: 'cookie' | 'bearer' = 'cookie', contentType = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: '/api/flight-logs/import/csv',
    headers: {
      origin: TEST_ORIGIN,
      'content-type': contentType,
      ...(u ? (auth === 'cookie' ? u.headers : { authorization: `Bearer ${u.token}` }) : {}),
    },
    payload: body,
  });

const clarify = (u: SignedInUser, sessionId: string, clarification: string) =>
  t.app.inject({ method: 'POST', url: '/api/flight-logs/import/csv/clarify', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { sessionId, clarification } });

async function imported(res: Awaited<ReturnType<typeof importCsv>>): Promise<ImportResponse> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportResponse>();
}

function asked(res: Awaited<ReturnType<typeof importCsv>>): ClarificationResponse {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<ClarificationResponse>();
  expect(body).toMatchObject({ needsClarification: true, code: 'NEEDS_CLARIFICATION' });
  expect(body.message).toBe(body.question);
  expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  return body;
}

const logsOf = async (u: SignedInUser) => (await t.app.inject({ url: '/api/flight-logs', headers: u.headers })).json<{ flightLogs: FlightLog[] }>().flightLogs;
const dronesOf = async (u: SignedInUser) => (await t.app.inject({ url: '/api/drones', headers: u.headers })).json<Drone[]>();
const addDrone = async (u: SignedInUser, body: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/drones', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Drone>();
};

describe('who may import', () => {
  it('signed out answers 401', async () => {
    expect((await importCsv(null, 'Date,Duration\n2024-01-01,5\n')).statusCode).toBe(401);
  });

  for (const tier of ['basic', 'hobbyist'] as const) {
    it(`${tier} answers 403 with the upgrade tip and imports nothing`, async () => {
      const u = await pilot(`import-${tier}`, tier);
      const res = await importCsv(u, DJI_FIXTURE);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: CSV_IMPORT_UPGRADE_TIP });
      expect(await logsOf(u)).toEqual([]);
    });
  }

  for (const tier of ['pro', 'business', 'business_pro', 'enterprise', 'admin', 'developer', 'super_admin'] as const) {
    it(`${tier} may import (bearer token)`, async () => {
      const u = await pilot(`import-ok-${tier}`, tier);
      const r = await imported(await importCsv(u, 'Date,Duration (min),Drone Serial\n2024-01-01,5,SN-ABC-123\n', 'bearer'));
      expect(r.imported).toBe(1);
    });
  }
});

describe('request bodies', () => {
  it('answers 413 with a clear message over the size limit', async () => {
    const u = await pilot('import-big');
    const res = await importCsv(u, Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x61));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'CSV_TOO_LARGE', message: 'The CSV file is too large: the limit is 50 MB.' });
  });

  it('answers 415 to a JSON body and 400 to an empty file', async () => {
    const u = await pilot('import-types');
    expect((await importCsv(u, '{"a":1}', 'cookie', 'application/json')).statusCode).toBe(415);
    const empty = await importCsv(u, '\r\n\r\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 'IMPORT_EMPTY', message: 'The file is empty.' });
    const headerOnly = await importCsv(u, 'Date,Duration\r\n');
    expect(headerOnly.json()).toEqual({ code: 'IMPORT_EMPTY', message: 'The file has a header but no rows.' });
  });
});

describe('a real DJI flight record (PhantomHelp CSV, Windows-1252)', () => {
  it('becomes one flight with the right drone, date, time, duration and place', async () => {
    const u = await pilot('dji');
    const r = await imported(await importCsv(u, DJI_FIXTURE));
    expect(r).toMatchObject({ imported: 1, totalFound: 1, createdDrones: 1, skipped: 0, errors: [], format: 'dji-flight-record', confidence: 0.97 });
    expect(r.createdDroneNames).toEqual(['species tracker']);
    const [drone] = await dronesOf(u);
    expect(drone).toMatchObject({ name: 'species tracker', manufacturer: 'DJI', model: 'Other', customModel: 'Phantom 4 Pro', serialNumber: '07JDDBB0010175', isPrimary: true });
    const [log] = await logsOf(u);
    // Takeoff 2018/07/04 09:19:31.701 (UTC); DETAILS.totalTime 245.8 s of the whole flight → 4 minutes.
    expect(log).toMatchObject({ droneId: drone!.id, flightDate: '2018-07-04', takeoffTime: '09:19:31', flightDuration: 4, location: '55.507165, 10.717076', flightType: 'recreational' });
    expect(log!.notes).toContain('Max altitude 64.5 m (212 ft)');
    expect(log!.notes).toContain('max speed 8.9 m/s');
    expect(log!.notes).toMatch(/battery 98% → 9\d%/);
  });

  it("is matched to the pilot's drone by serial number", async () => {
    const u = await pilot('dji-match');
    const mine = await addDrone(u, { serialNumber: '07JDDBB0010175', manufacturer: 'DJI', model: 'Other', customModel: 'Phantom 4 Pro' });
    const r = await imported(await importCsv(u, DJI_FIXTURE));
    expect(r).toMatchObject({ imported: 1, createdDrones: 0 });
    expect((await logsOf(u))[0]!.droneId).toBe(mine.id);
  });

  it("or by model when the log's serial is not the one the pilot typed", async () => {
    const u = await pilot('dji-model');
    const mine = await addDrone(u, { serialNumber: 'BOX-SERIAL-1', manufacturer: 'DJI', model: 'Other', customModel: 'Phantom 4 Pro' });
    await addDrone(u, { serialNumber: 'X', manufacturer: 'DJI', model: 'Mini 2' });
    const r = await imported(await importCsv(u, DJI_FIXTURE));
    expect(r.createdDrones).toBe(0);
    expect((await logsOf(u))[0]!.droneId).toBe(mine.id);
  });

  it('reads the same log re-saved with a sep= line, semicolons and decimal commas', async () => {
    const records: string[][] = parse(iconv.decode(DJI_FIXTURE, 'win1252'), { relax_column_count: true });
    const cell = (v: string) => {
      const value = /^-?\d+\.\d+$/.test(v) ? v.replace('.', ',') : v;
      return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
    };
    const text = `sep=;\r\n${records.map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`;
    expect(text).toContain(';55,507158;');
    const u = await pilot('dji-semicolons');
    const r = await imported(await importCsv(u, iconv.encode(text, 'win1252')));
    expect(r).toMatchObject({ imported: 1, format: 'dji-flight-record' });
    expect((await logsOf(u))[0]).toMatchObject({ flightDate: '2018-07-04', takeoffTime: '09:19:31', flightDuration: 4, location: '55.507165, 10.717076' });
  });

  it('is never imported twice: the same file again skips the flight', async () => {
    const u = await pilot('dji-twice');
    await imported(await importCsv(u, DJI_FIXTURE));
    const again = await imported(await importCsv(u, DJI_FIXTURE, 'bearer'));
    expect(again).toMatchObject({ imported: 0, skipped: 1, totalFound: 1, createdDrones: 0 });
    expect(await logsOf(u)).toHaveLength(1);
    expect(await dronesOf(u)).toHaveLength(1);
  });
});

describe('an AirData UAV export (imperial, no drone columns)', () => {
  it("goes to the pilot's only drone, with UTC takeoff, duration and units converted", async () => {
    const u = await pilot('airdata-one');
    const mine = await addDrone(u, { serialNumber: '0K1DG4T0A2', manufacturer: 'DJI', model: 'Other', customModel: 'Mavic 2 Pro' });
    const r = await imported(await importCsv(u, AIRDATA));
    expect(r).toMatchObject({ imported: 1, totalFound: 1, createdDrones: 0, format: 'airdata', errors: [] });
    const [log] = await logsOf(u);
    // 1,551 rows at 100 ms: 155 s → 3 minutes (2.58 rounded).
    expect(log).toMatchObject({ droneId: mine.id, flightDate: '2019-08-17', takeoffTime: '16:51:17', flightDuration: 3, location: '37.808923, -122.475239' });
    // height_above_takeoff in feet, read back in metres: the cruise was 60 m.
    expect(log!.notes).toMatch(/Max altitude 60\.\d m \(19\d ft\)/);
    expect(log!.notes).toMatch(/max distance 35\d m/);
    expect(log!.notes).toContain('battery 98% → 81% (17% used)');
  });

  it('asks which drone when the pilot has several, and continues with the answer', async () => {
    const u = await pilot('airdata-which');
    await addDrone(u, { serialNumber: 'A1', manufacturer: 'DJI', model: 'Air 3' });
    const mavic = await addDrone(u, { serialNumber: 'B2', manufacturer: 'DJI', model: 'Other', customModel: 'Mavic 2 Pro', name: 'Survey Mavic' });
    const q = asked(await importCsv(u, AIRDATA));
    expect(q.question).toContain('does not say which drone flew it');
    expect(q.options).toEqual(['DJI Air 3', 'Survey Mavic']);
    const r = await imported(await clarify(u, q.sessionId, 'survey mavic'));
    expect(r).toMatchObject({ imported: 1, createdDrones: 0 });
    expect((await logsOf(u))[0]!.droneId).toBe(mavic.id);
    expect(await t.db.select().from(flightLogImportSessions).where(eq(flightLogImportSessions.id, q.sessionId))).toEqual([]);
  });

  it('with no drones, the answer names the drone to add', async () => {
    const u = await pilot('airdata-none');
    const q = asked(await importCsv(u, AIRDATA));
    const r = await imported(await clarify(u, q.sessionId, 'DJI Mavic 2 Pro'));
    expect(r).toMatchObject({ imported: 1, createdDrones: 1, createdDroneNames: ['DJI Mavic 2 Pro'] });
    expect((await dronesOf(u))[0]).toMatchObject({ manufacturer: 'DJI', model: 'Other', customModel: 'Mavic 2 Pro', serialNumber: 'Unknown', isPrimary: true });
  });
});

describe('a Litchi flight log', () => {
  it('uses the UTC time (not local), and matches the drone by serial', async () => {
    const u = await pilot('litchi-match');
    await addDrone(u, { serialNumber: 'OTHER', manufacturer: 'DJI', model: 'Mavic Air 2' });
    const mine = await addDrone(u, { serialNumber: '1RFB92J00N0A3K', manufacturer: 'DJI', model: 'Mavic Air 2', name: 'Zurich' });
    const r = await imported(await importCsv(u, LITCHI));
    expect(r).toMatchObject({ imported: 1, createdDrones: 0, format: 'litchi', confidence: 0.97 });
    // 1,381 rows from 08:41:07.400 UTC (10:41 local): 138 s → 2 minutes.
    expect((await logsOf(u))[0]).toMatchObject({ droneId: mine.id, flightDate: '2021-06-12', takeoffTime: '08:41:07', flightDuration: 2, location: '47.376900, 8.541700' });
  });

  it("adds the drone from the log's type, name and serial when the pilot does not have it", async () => {
    const u = await pilot('litchi-create');
    const r = await imported(await importCsv(u, LITCHI));
    expect(r).toMatchObject({ imported: 1, createdDrones: 1, createdDroneNames: ['Zurich Air2'] });
    expect((await dronesOf(u))[0]).toMatchObject({ name: 'Zurich Air2', manufacturer: 'DJI', model: 'Mavic Air 2', serialNumber: '1RFB92J00N0A3K' });
    const notes = (await logsOf(u))[0]!.notes!;
    expect(notes).toContain('Max altitude 85.');
    expect(notes).toContain('battery 100% → 54% (46% used)');
  });
});

describe('logbook files, one row per flight', () => {
  const typed = [
    'Flight Date,Aircraft,Serial No,Air Time (mins),Site,Purpose,Remarks',
    '2024-04-02,DJI Mini 4 Pro,1581F6Z9C24,22,Ocean Beach,Real estate photos,Client: Smith',
    '2024-04-09,DJI Mini 4 Pro,1581F6Z9C24,18.6,"Lands End, SF",Hobby,"Sunset, windy"',
    '2024-04-10,Skydio X10,SKD-0042,41,Bay Bridge pier 7,Bridge inspection,',
  ].join('\n');

  it('matches columns by meaning in any order and naming', async () => {
    const u = await pilot('logbook-typed');
    const r = await imported(await importCsv(u, typed));
    expect(r).toMatchObject({ imported: 3, totalFound: 3, createdDrones: 2, errors: [], format: 'logbook' });
    expect(r.confidence).toBeGreaterThanOrEqual(0.8);
    expect(r.confidence).toBeLessThan(1);
    const logs = await logsOf(u);
    expect(logs.map((l) => [l.flightDate, l.flightDuration, l.location, l.flightType, l.notes, l.droneName])).toEqual([
      ['2024-04-10', 41, 'Bay Bridge pier 7', 'inspection', null, 'Skydio X10'],
      ['2024-04-09', 19, 'Lands End, SF', 'recreational', 'Sunset, windy', 'DJI Mini 4 Pro'],
      ['2024-04-02', 22, 'Ocean Beach', 'commercial', 'Client: Smith', 'DJI Mini 4 Pro'],
    ]);
    expect((await dronesOf(u)).map((d) => [d.manufacturer, d.model, d.serialNumber])).toEqual([
      ['DJI', 'Mini 4 Pro', '1581F6Z9C24'],
      ['Skydio', 'Skydio X10', 'SKD-0042'],
    ]);
  });

  it('reports unreadable rows with their line numbers and reasons; the rest import', async () => {
    const u = await pilot('logbook-errors');
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const text = ['Date,Duration (min),Drone', '2024-01-05,25,Mavic 3', 'yesterday,25,Mavic 3', '2024-01-06,,Mavic 3', `${future},10,Mavic 3`, '2024-01-07,abc,Mavic 3', '1899-05-01,10,Mavic 3', '2024-01-08,30,Mavic 3'].join('\n');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const r = await imported(await importCsv(u, text));
    expect(r.imported).toBe(2);
    expect(r.totalFound).toBe(7);
    expect(r.errors).toEqual([
      { line: 3, message: "the date 'yesterday' could not be read" },
      { line: 4, message: 'the duration is missing' },
      { line: 5, message: `the date ${future} is in the future` },
      { line: 6, message: "the duration 'abc' could not be read" },
      { line: 7, message: 'the date 1899-05-01 is before 1900-01-01' },
    ]);
  });

  it('reads h:mm, h:mm:ss, "1h 5m" and seconds by the header', async () => {
    const u = await pilot('logbook-durations');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const clock = await imported(await importCsv(u, 'Date,Flight Time\n2024-02-01,1:05\n2024-02-02,0:45:30\n2024-02-03,1h 5m\n2024-02-04,25 min\n'));
    expect(clock.imported).toBe(4);
    const seconds = await imported(await importCsv(u, 'Date,Duration (s)\n2024-03-01,1500\n'));
    expect(seconds.imported).toBe(1);
    expect((await logsOf(u)).map((l) => [l.flightDate, l.flightDuration])).toEqual([
      ['2024-03-01', 25],
      ['2024-02-04', 25],
      ['2024-02-03', 65],
      ['2024-02-02', 46],
      ['2024-02-01', 65],
    ]);
  });

  it('reads day/month order from a date that can only be one way', async () => {
    const u = await pilot('logbook-dmy');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const r = await imported(await importCsv(u, 'Date,Minutes\n03/04/2024,10\n25/04/2024,12\n'));
    expect(r.imported).toBe(2);
    expect((await logsOf(u)).map((l) => l.flightDate)).toEqual(['2024-04-25', '2024-04-03']);
  });

  it('asks day/month or month/day when every date reads both ways', async () => {
    const u = await pilot('logbook-order');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const q = asked(await importCsv(u, 'Date,Minutes\n03/04/2024,10\n05/06/2024,12\n'));
    expect(q.question).toBe("Dates in this file such as '03/04/2024' can be read two ways. Are they day/month/year or month/day/year?");
    expect(q.options).toEqual(['Day/Month/Year', 'Month/Day/Year']);
    const again = asked(await clarify(u, q.sessionId, 'whatever'));
    expect(again.sessionId).toBe(q.sessionId);
    expect(again.question).toMatch(/^I could not read 'whatever' as a date order\. Dates in this file/);
    const r = await imported(await clarify(u, q.sessionId, 'Month/Day/Year'));
    expect(r.imported).toBe(2);
    expect((await logsOf(u)).map((l) => l.flightDate)).toEqual(['2024-05-06', '2024-03-04']);
  });

  it('asks the unit of a duration column without one', async () => {
    const u = await pilot('logbook-unit');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const q = asked(await importCsv(u, 'Date,Duration\n2024-02-01,1200\n2024-02-02,900\n'));
    expect(q.question).toBe("The column 'Duration' gives durations without a unit (for example '1200'). Are they minutes, seconds or hours?");
    const r = await imported(await clarify(u, q.sessionId, 'seconds'));
    expect(r.imported).toBe(2);
    expect((await logsOf(u)).map((l) => l.flightDuration)).toEqual([15, 20]);
  });

  it('asks which of two date columns is the flight date', async () => {
    const u = await pilot('logbook-two-dates');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const q = asked(await importCsv(u, 'Date (UTC),Date (local),Duration (min)\n2024-02-01,2024-01-31,20\n'));
    expect(q.question).toBe("Two columns could hold the flight date: 'Date (UTC)' and 'Date (local)'. Which one is the date of the flight?");
    const r = await imported(await clarify(u, q.sessionId, 'date (local)'));
    expect(r.imported).toBe(1);
    expect((await logsOf(u))[0]!.flightDate).toBe('2024-01-31');
  });

  it('refuses a CSV that is not a flight log at once, with what was expected (issue 16), and keeps no session', async () => {
    const u = await pilot('logbook-not-a-log');
    for (const text of ['hello,world\nfoo,bar\n', 'name,score\nada,3\nbob,4\n']) {
      const res = await importCsv(u, text);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({
        code: 'IMPORT_NOT_A_FLIGHT_LOG',
        message: 'This file has no date or time column: it does not look like a flight log. We read AirData, DJI, Litchi and logbook CSV files.',
      });
    }
    expect(await logsOf(u)).toEqual([]);
    expect(await t.db.select().from(flightLogImportSessions).where(eq(flightLogImportSessions.userId, u.userId))).toEqual([]);
  });

  it('never asks the same question again after an answer that does not resolve it', async () => {
    const u = await pilot('logbook-no-repeat');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const q = asked(await importCsv(u, 'A,B,Minutes\n2024-02-01,2024-01-31,20\n'));
    expect(q.question).toMatch(/^I could not tell which column holds the flight date/);
    // 'Minutes' is a column, but holds no dates: the next question is another, offering only A and B.
    const next = asked(await clarify(u, q.sessionId, 'Minutes'));
    expect(next.question).not.toBe(q.question);
    expect(next.question).toBe("The column 'Minutes' does not hold dates. Two columns could hold the flight date: 'A' and 'B'. Which one is the date of the flight?");
    const r = await imported(await clarify(u, next.sessionId, 'B'));
    expect(r.imported).toBe(1);
    expect((await logsOf(u))[0]!.flightDate).toBe('2024-01-31');
  });

  it('ends the import, with what was expected, after a second unreadable answer: no question text repeats (issue 16)', async () => {
    const u = await pilot('logbook-nonsense-twice');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const q = asked(await importCsv(u, 'Date (UTC),Date (local),Duration (min)\n2024-02-01,2024-01-31,20\n'));
    const second = asked(await clarify(u, q.sessionId, 'Altitude'));
    expect(second.question).toBe(`There is no column 'Altitude'. ${q.question}`);
    const res = await clarify(u, q.sessionId, 'Banana');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      code: 'IMPORT_ANSWER_UNREADABLE',
      message: "There is no column 'Banana'. Expected one of the columns: 'Date (UTC)', 'Date (local)'. The import was stopped: please import the file again.",
    });
    expect(new Set([q.question, second.question, res.json<{ message: string }>().message]).size).toBe(3);
    expect(await t.db.select().from(flightLogImportSessions).where(eq(flightLogImportSessions.userId, u.userId))).toEqual([]);
    expect((await clarify(u, q.sessionId, 'Date (UTC)')).json<{ code: string }>().code).toBe('IMPORT_SESSION_NOT_FOUND');
    expect(await logsOf(u)).toEqual([]);
  });

  it('asks about drone names it does not know: add them, or use one of yours', async () => {
    const text = 'Date,Drone,Duration (min)\n2024-02-01,Big Bird,20\n2024-02-02,Little Bird,15\n';
    const u = await pilot('logbook-unknown-add');
    const q = asked(await importCsv(u, text));
    expect(q.question).toContain("not in your list: 'Big Bird' and 'Little Bird'");
    const r = await imported(await clarify(u, q.sessionId, 'Add as new drones'));
    expect(r).toMatchObject({ imported: 2, createdDrones: 2 });
    expect((await dronesOf(u)).map((d) => [d.name, d.manufacturer, d.customManufacturer])).toEqual([
      ['Big Bird', 'Other', 'Unknown'],
      ['Little Bird', 'Other', 'Unknown'],
    ]);

    const v = await pilot('logbook-unknown-mine');
    const mine = await addDrone(v, { serialNumber: 'S', manufacturer: 'Autel Robotics', model: 'EVO Lite+' });
    const q2 = asked(await importCsv(v, text));
    expect(q2.options).toEqual(['Add as new drones', 'Autel Robotics EVO Lite+']);
    const miss = asked(await clarify(v, q2.sessionId, 'Inspire 3'));
    expect(miss.question).toMatch(/^None of your drones is called 'Inspire 3'\./);
    const r2 = await imported(await clarify(v, q2.sessionId, 'evo lite+'));
    expect(r2).toMatchObject({ imported: 2, createdDrones: 0 });
    expect((await logsOf(v)).every((l) => l.droneId === mine.id)).toBe(true);
  });

  it('refuses, rather than asks for the date column, when no column holds dates (issue 16)', async () => {
    const u = await pilot('logbook-no-date');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const res = await importCsv(u, 'Flown,Up for (min)\nnot a date,20\n');
    expect(res.statusCode).toBe(422);
    expect(res.json<{ code: string }>().code).toBe('IMPORT_NOT_A_FLIGHT_LOG');
  });

  it('reads a UTF-8 BOM, tab delimiters and quoted multi-line notes', async () => {
    const u = await pilot('logbook-tabs');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const r = await imported(await importCsv(u, Buffer.from('\uFEFFDate\tDuration (min)\tNotes\n2024-02-01\t20\t"two\nlines, é"\n', 'utf8')));
    expect(r.imported).toBe(1);
    expect((await logsOf(u))[0]!.notes).toBe('two\nlines, é');
  });
});

describe('nothing twice, all or nothing', () => {
  it("skips flights of one file found again inside another, and says how many", async () => {
    const u = await pilot('dedupe');
    await addDrone(u, { serialNumber: 'M3', manufacturer: 'DJI', model: 'Mavic 3' });
    const first = 'Date,Time,Duration (min)\n2024-02-01,10:00,20\n2024-02-02,11:00,25\n';
    const second = 'Date,Time,Duration (min)\n2024-02-01,10:00,20\n2024-02-02,11:00,25\n2024-02-03,09:30,15\n2024-02-03,09:30,15\n';
    expect((await imported(await importCsv(u, first))).imported).toBe(2);
    const r = await imported(await importCsv(u, second));
    expect(r).toMatchObject({ imported: 2, skipped: 2, totalFound: 4 });
    expect(await logsOf(u)).toHaveLength(4);
    expect(await imported(await importCsv(u, second))).toMatchObject({ imported: 0, skipped: 4 });
  });

  it('two imports of the same file at once create each flight once', async () => {
    const u = await pilot('dedupe-race');
    const results = await Promise.all([importCsv(u, DJI_FIXTURE), importCsv(u, DJI_FIXTURE), importCsv(u, DJI_FIXTURE)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.json<ImportResponse>().imported).sort()).toEqual([0, 0, 1]);
    expect(await logsOf(u)).toHaveLength(1);
    expect(await dronesOf(u)).toHaveLength(1);
  });

  it('a failure while writing leaves no flight and no drone behind', async () => {
    await t.db.execute(
      sql.raw(`create or replace function dd_test_refuse() returns trigger language plpgsql as $$ begin if new.notes = 'REFUSE' then raise exception 'refused by test'; end if; return new; end $$`),
    );
    await t.db.execute(sql.raw('create trigger dd_test_refuse before insert on flight_logs for each row execute function dd_test_refuse()'));
    try {
      const u = await pilot('atomic');
      const res = await importCsv(u, 'Date,Serial,Duration (min),Notes\n2024-02-01,NEW-SN-1,20,fine\n2024-02-02,NEW-SN-2,20,REFUSE\n');
      expect(res.statusCode).toBe(500);
      expect(await logsOf(u)).toEqual([]);
      expect(await dronesOf(u)).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger dd_test_refuse on flight_logs'));
    }
  });

  it("the drone limit holds: flights of drones over it are reported, the rest import", async () => {
    const u = await pilot('import-limit', 'pro');
    for (let i = 0; i < 9; i++) await addDrone(u, { serialNumber: `S${i}`, manufacturer: 'DJI', model: 'Mini 2' });
    const r = await imported(await importCsv(u, 'Date,Serial Number,Model,Duration (min)\n2024-02-01,NEW-1,Air 3,20\n2024-02-02,NEW-2,Air 3,20\n2024-02-03,S0,Mini 2,10\n'));
    expect(r).toMatchObject({ imported: 2, createdDrones: 1 });
    expect(r.errors).toEqual([{ line: 3, message: `Row skipped: the drone 'DJI Air 3' could not be added: ${droneLimitMessage('pro')}` }]);
    expect(await dronesOf(u)).toHaveLength(10);
  });
});

describe('clarification sessions', () => {
  const ambiguous = 'Date,Minutes\n03/04/2024,10\n';

  it('a blank answer is refused; an unknown, foreign, expired or cancelled session is 404', async () => {
    const u = await pilot('session');
    const stranger = await pilot('session-stranger');
    const q = asked(await importCsv(u, ambiguous));
    const blank = await clarify(u, q.sessionId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ code: 'VALIDATION', message: 'clarification: Please enter an answer' });
    const gone = { code: 'IMPORT_SESSION_NOT_FOUND', message: 'This import has expired or was already finished. Please import the file again.' };
    const foreign = await clarify(stranger, q.sessionId, 'day/month/year');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(gone);
    expect((await clarify(u, '00000000-0000-4000-8000-000000000000', 'day/month/year')).statusCode).toBe(404);

    await t.db.update(flightLogImportSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(flightLogImportSessions.id, q.sessionId));
    expect((await clarify(u, q.sessionId, 'day/month/year')).json()).toEqual(gone);

    const q2 = asked(await importCsv(u, ambiguous));
    // The expired session was cleared by the next import.
    expect(await t.db.select().from(flightLogImportSessions).where(eq(flightLogImportSessions.id, q.sessionId))).toEqual([]);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/flight-logs/import/sessions/${q2.sessionId}`, headers: { ...u.headers, origin: TEST_ORIGIN } });
    expect(cancel.statusCode).toBe(200);
    expect((await clarify(u, q2.sessionId, 'day/month/year')).statusCode).toBe(404);
    expect(await logsOf(u)).toEqual([]);
  });

  it('lives in the database with a 30-minute expiry and the file it continues', async () => {
    const u = await pilot('session-row');
    const q = asked(await importCsv(u, ambiguous));
    const [row] = await t.db.select().from(flightLogImportSessions).where(eq(flightLogImportSessions.id, q.sessionId));
    expect(row!.userId).toBe(u.userId);
    // A question about the file's columns keeps the file, compressed (ADR 0035).
    expect(row!.kind).toBe('file');
    expect(gunzipSync(row!.payload).toString('utf8')).toBe(ambiguous);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.5);
    expect(minutes).toBeLessThan(30.5);
    expect(await t.db.select().from(drones).where(eq(drones.userId, u.userId))).toEqual([]);
    expect(await t.db.select().from(flightLogs).where(eq(flightLogs.userId, u.userId))).toEqual([]);
  });
});
