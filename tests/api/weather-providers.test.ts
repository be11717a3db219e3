import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { cleanReport } from '../../src/server/providers/aviation-weather/decode.ts';
import { noPilotDataYet } from '../../src/server/modules/weather/pilot-profile.ts';
import { createWeatherService, type WeatherService } from '../../src/server/modules/weather/service.ts';
import { fixtureJson, fixtureText, startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Provider behaviour through the product's real HTTP clients against the replay server: partial
 * failure, time limits, malformed answers, both Kp forms, and the raw METAR/TAF corpora. The service is
 * built fresh where a test needs empty caches; the HTTP contract of the same cases is checked through
 * the app at the end.
 */
// Generous enough for a loaded two-core machine: the point is that a slower provider is cut off.
const TIMEOUT_MS = 2000;
let replay: ReplayServer;
const warnings: unknown[] = [];

beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(async () => replay.close());
beforeEach(() => {
  replay.reset();
  warnings.length = 0;
});

function service(extra: Record<string, string> = {}): WeatherService {
  const config = loadConfig({ ...replay.env, WEATHER_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: 'silent', ...extra }, { authSecret: 'x'.repeat(40) });
  return createWeatherService({ config, pilotProfiles: noPilotDataYet, log: { warn: (...args: unknown[]) => void warnings.push(args) } });
}

const ORLANDO = '28.41, -81.32';
const get = (s: WeatherService, location = ORLANDO, extra: { gpsData?: never } = {}) => s.getWeather('user-1', { location, ...extra });

describe('one failing provider leaves the others on screen', () => {
  it.each([
    ['airQuality', { status: 500 }, 'airQuality', 'HTTP 500'],
    ['metar', { status: 503 }, 'metar', 'HTTP 503'],
    ['taf', { malformed: true }, 'taf', 'not JSON'],
    ['kp', { body: { unexpected: true } }, 'kp', 'no Kp value'],
    ['metar', { delayMs: TIMEOUT_MS * 5 }, 'metar', `did not answer within ${TIMEOUT_MS} ms`],
  ] as const)('%s %j → only its panel says unavailable', async (route, behaviour, panel, reason) => {
    replay.set(route, behaviour);
    const started = performance.now();
    const w = await get(service());
    // A slow provider is cut off at its time limit, not waited for.
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 5);
    expect(w.availability[panel].status).toBe('unavailable');
    expect(w.availability[panel].message).toContain(reason);
    const others = Object.entries(w.availability).filter(([k]) => k !== panel);
    expect(others.every(([, p]) => p.status === 'ok')).toBe(true);
    expect(w.current.temp).toBe(29);
    expect(warnings).toHaveLength(1);
  });

  it('with every side provider down, the forecast still answers', async () => {
    for (const route of ['airQuality', 'metar', 'taf', 'kp'] as const) replay.set(route, { status: 500 });
    const w = await get(service());
    expect(Object.values(w.availability).map((p) => p.status)).toEqual(['unavailable', 'unavailable', 'unavailable', 'unavailable']);
    expect(w.airQuality).toBeNull();
    expect(w.current.metar_data).toBeNull();
    expect(w.current.kp_index).toBeNull();
    // Without Kp nothing is subtracted for it.
    expect(w.droneConditions.score).toBe(100);
    expect(w.data_sources.kp_index).toBe('Unavailable (the space-weather service did not answer)');
  });

  it.each([
    ['an HTTP error', { status: 500 }],
    ['a time-out', { delayMs: TIMEOUT_MS * 5 }],
    ['a body that is not JSON', { malformed: true }],
    ['JSON of the wrong shape', { body: { latitude: 1, longitude: 2, hourly: 'none' } }],
    ['no hourly rows', { body: { latitude: 1, longitude: 2, hourly: { time: [] } } }],
    ['no wind at all', { body: { latitude: 1, longitude: 2, hourly: { time: [1], temperature_2m: [3] } } }],
  ])('a failed forecast (%s) is the spec error "Unable to get weather data."', async (_label, behaviour) => {
    replay.set('forecast', behaviour);
    await expect(get(service())).rejects.toMatchObject({ status: 502, code: 'WEATHER_UNAVAILABLE', message: 'Unable to get weather data.' });
  });

  it('does not cache a failure: the next request asks again', async () => {
    const s = service();
    replay.set('airQuality', { status: 500 });
    expect((await get(s)).airQuality).toBeNull();
    replay.set('airQuality', {});
    expect((await get(s)).airQuality).toEqual({ aqi: 30, category: 'Good' });
    expect(replay.count('airQuality')).toBe(2);
    expect(replay.count('forecast')).toBe(1);
  });
});

describe('Kp in both published forms', () => {
  it('reads the array-of-arrays form (header row, strings): the latest row', async () => {
    expect((await get(service())).current.kp_index).toBe(2);
  });

  it('reads the array-of-objects form the product moved to in 2026', async () => {
    // Derived from the array-form fixture: the same rows as {time_tag, Kp, a_running, station_count}.
    const [header, ...rows] = fixtureJson('swpc-noaa-planetary-k-index-3h-array-form.json') as string[][];
    const objects = rows.map((r) => ({ time_tag: r[0], Kp: Number(r[1]), a_running: Number(r[2]), station_count: Number(r[3]) }));
    expect(header).toEqual(['time_tag', 'Kp', 'a_running', 'station_count']);
    objects[objects.length - 1]!.Kp = 5.33;
    replay.set('kp', { body: objects });
    const w = await get(service());
    expect(w.current.kp_index).toBe(5.33);
    expect(w.droneConditions.penalties).toContainEqual({ factor: 'kp', points: 20, reason: 'geomagnetic activity' });
  });

  it('reads the one-minute product’s objects (estimated_kp) too', async () => {
    replay.set('kp', { fixture: 'swpc-planetary-k-index-1m.json' });
    expect((await get(service())).current.kp_index).toBe(1.67);
  });

  it('skips unreadable rows and takes the latest readable one', async () => {
    replay.set('kp', { body: [['time_tag', 'Kp'], ['2026-02-09 12:00:00.000', '3.33'], ['2026-02-09 15:00:00.000', 'n/a']] });
    expect((await get(service())).current.kp_index).toBe(3.33);
  });

  it('fetches Kp once for all locations', async () => {
    const s = service();
    await get(s, '1.5, 1.5');
    await get(s, '2.5, 2.5');
    expect(replay.count('kp')).toBe(1);
    expect(replay.count('forecast')).toBe(2);
  });
});

/** Reports of the raw NWS collective, split on '=' as the bulletin separates them. */
const collective = fixtureText('raw-metar-collective-edge-cases.txt').split('=');
const ORLANDO_LAT = 28.41;
const ORLANDO_LON = -81.32;
const metarRow = (rawOb: string, over: Record<string, unknown> = {}) => ({
  icaoId: 'TEST',
  name: 'Test field',
  lat: ORLANDO_LAT,
  lon: ORLANDO_LON,
  obsTime: 1705397400 - 600,
  rawOb,
  ...over,
});

describe('METAR: raw and malformed reports never break the page', () => {
  it.each(collective.map((raw, i) => [i, raw] as const))('collective entry %i decodes or says why, raw text kept', async (i, raw) => {
    // Derived: each entry of the raw collective (control characters, CR CR LF, junk) as the rawOb of a station at the location.
    replay.set('metar', { body: [metarRow(raw)] });
    const w = await get(service(), `${ORLANDO_LAT + i * 0.01}, ${ORLANDO_LON}`);
    const m = w.current.metar_data;
    expect(m).not.toBeNull();
    expect(m!.rawOb).toBe(cleanReport(raw));
    expect([...m!.rawOb].some((ch) => ch.charCodeAt(0) < 32)).toBe(false);
    expect(m!.decoded === null).toBe(m!.decodeError !== null);
    expect(w.availability.metar.status).toBe('ok');
  });

  it("decodes the collective's funnel-cloud report: 45-knot gusts, half a mile, +FC +TSRA BR", async () => {
    replay.set('metar', { body: [metarRow(collective[1]!), metarRow(collective[3]!, { icaoId: 'KALO', lat: 40, lon: 0 })] });
    const m = (await get(service())).current.metar_data!;
    expect(m.rawOb).toMatch(/^KMIA 081403Z 16032G45KT 1\/2SM \+FC \+TSRA BR SCT005 BKN016CB OVC034 23\/19 A3003 RMK TORNADO/);
    expect(m.decoded).toMatchObject({ windDirection: 160, windSpeedKt: 32, windGustKt: 45, visibility: '0.5 SM', weather: ['+FC', '+TSRA', 'BR'], temperature: 23, dewPoint: 19 });
  });

  it('skips report rows of the wrong shape and keeps the good ones', async () => {
    const good = (fixtureJson('aviationweather-metar-florida.json') as unknown[])[0]!;
    replay.set('metar', { body: [{ icaoId: 42 }, null, 'METAR', { ...metarRow('x'), lat: 'north' }, good] });
    const w = await get(service());
    expect(w.current.metar_data?.icaoId).toBe('KMCO');
  });

  it('an empty answer (no stations) means none nearby', async () => {
    replay.set('metar', { body: '' });
    replay.set('taf', { body: '[]' });
    const w = await get(service());
    expect(w.availability.metar).toEqual({ status: 'none-nearby', message: 'No METAR station reports within 150 km.' });
    expect(w.availability.taf.status).toBe('none-nearby');
  });

  it('lightning in the past 30 minutes at a nearby station: -100, Dangerous', async () => {
    // Derived: the collective's KMIA report (+TSRA, LTG remarks) observed 10 minutes before the forecast's now.
    replay.set('metar', { body: [metarRow(collective[1]!)] });
    const w = await get(service());
    expect(w.lightningRecent).toBe(true);
    expect(w.droneConditions).toMatchObject({ score: 0, overall: 'Dangerous' });
    expect(w.droneConditions.penalties.map((p) => p.factor)).toEqual(expect.arrayContaining(['lightning', 'precipitation']));
  });

  it('an older thunderstorm report or a distant station does not count', async () => {
    replay.set('metar', { body: [metarRow(collective[1]!, { obsTime: 1705397400 - 2 * 3600 })] });
    expect((await get(service())).lightningRecent).toBe(false);
    replay.set('metar', { body: [metarRow(collective[1]!, { lat: ORLANDO_LAT + 0.6 })] });
    expect((await get(service())).lightningRecent).toBe(false);
  });

  it('mist reported nearby costs 15 points', async () => {
    replay.set('metar', { body: [metarRow('KALO 081354Z AUTO 18003KT 4SM BR FEW070 18/16 A2995')] });
    expect((await get(service())).droneConditions.penalties).toContainEqual({ factor: 'precipitation', points: 15, reason: 'precipitation' });
  });
});

describe('TAF: raw and malformed reports', () => {
  const khpn = fixtureText('raw-taf-khpn-amended.txt');
  const tafRow = (rawTAF: string) => ({
    icaoId: 'KHPN',
    name: 'Westchester Co',
    lat: ORLANDO_LAT,
    lon: ORLANDO_LON,
    issueTime: '2026-07-20T09:31:00.000Z',
    validTimeFrom: Date.UTC(2026, 6, 20, 10) / 1000,
    validTimeTo: Date.UTC(2026, 6, 21, 6) / 1000,
    rawTAF,
  });

  it('decodes the amended KHPN TAF with FM, TEMPO, wind shear and vertical visibility', async () => {
    // Derived: the raw bulletin from "TAF AMD" on, CR CR LF and all, as the rawTAF of a JSON row.
    replay.set('taf', { body: [tafRow(khpn.slice(khpn.indexOf('TAF AMD')))] });
    const taf = (await get(service())).current.taf_data!;
    expect(taf.decodeError).toBeNull();
    expect(taf.rawTAF).toMatch(/^TAF AMD KHPN 200931Z 2010\/2106/);
    expect(taf.periods.filter((p) => p.type === 'FM')).toHaveLength(8);
    expect(taf.periods.filter((p) => p.type === 'TEMPO')).toHaveLength(2);
    expect(taf.periods.find((p) => p.raw.startsWith('FM201030'))).toMatchObject({
      from: Date.UTC(2026, 6, 20, 10, 30) / 1000,
      windShear: '2000 ft 230° 30 KT',
      visibility: '2 SM',
    });
  });

  it('keeps the raw text of a TAF that does not decode, with the reason', async () => {
    replay.set('taf', { body: [tafRow('TAF KHPN \u0003 garbage')] });
    const taf = (await get(service())).current.taf_data!;
    expect(taf.rawTAF).toBe('TAF KHPN garbage');
    expect(taf.periods).toEqual([]);
    expect(taf.decodeError).toMatch(/\w+/);
  });
});

describe('the same through HTTP', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ ...replay.env, WEATHER_TIMEOUT_MS: String(TIMEOUT_MS) });
    ({ cookie } = await t.signIn('providers@example.com'));
  });
  afterAll(async () => t.close());

  it('a partial failure is a 200 with the panel marked unavailable', async () => {
    replay.set('airQuality', { delayMs: TIMEOUT_MS * 5 });
    const res = await t.app.inject({ url: `/api/weather?location=${encodeURIComponent('30.1, -81.7')}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ airQuality: null, availability: { airQuality: { status: 'unavailable' }, metar: { status: 'ok' } } });
  });

  it('a failed forecast is a 502 "Unable to get weather data." with advice', async () => {
    replay.set('forecast', { status: 503 });
    const res = await t.app.inject({ url: `/api/weather?location=${encodeURIComponent('30.2, -81.7')}`, headers: { cookie } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: 'Unable to get weather data.', code: 'WEATHER_UNAVAILABLE' });
    // An outage reads as an outage, not as the pilot's mistake (issue 16).
    expect(res.json<{ advice: string }>().advice).toBe('The weather service is not answering; try again in a minute.');
  });
});
