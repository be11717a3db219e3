import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isRealSensorSource } from '../../src/shared/weather/labels.ts';
import type { WeatherResponse } from '../../src/shared/weather/contract.ts';
import { fToC } from '../../src/shared/weather/units.ts';
import { PLACE_SEARCH_OUTAGE, WEATHER_OUTAGE } from '../../src/shared/weather/constants.ts';
import { startReplayServer, type ReplayServer } from '../support/replay-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * GET /api/weather and /api/location-search through the real app and the product's real HTTP clients,
 * against the replay server serving the recorded responses of ../shared/fixtures/weather.
 */
let replay: ReplayServer;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  replay = await startReplayServer();
  t = await createTestApp(replay.env);
  ({ cookie } = await t.signIn('pilot@example.com', 'hobbyist'));
});
afterAll(async () => {
  await t.close();
  await replay.close();
});
beforeEach(() => replay.reset());

const weather = (query: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ url: `/api/weather?${new URLSearchParams(query).toString()}`, headers });
const ok = async (query: Record<string, string>) => {
  const res = await weather(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WeatherResponse>();
};

describe('GET /api/weather guards', () => {
  it('answers 401 signed out, before any outside call', async () => {
    const res = await weather({ location: 'New York' }, {});
    expect(res.statusCode).toBe(401);
    expect(replay.requests).toHaveLength(0);
  });

  const refused: [string, Record<string, string>, string][] = [
    ['no location', {}, 'location'],
    ['an empty location', { location: '' }, 'location: is required'],
    ['a location over 200 characters', { location: 'x'.repeat(201) }, 'location: is too long (at most 200 characters)'],
    ['gpsData that is not JSON', { location: 'Paris', gpsData: '{not json' }, 'gpsData: must be valid JSON'],
    ['gpsData of the wrong shape', { location: 'Paris', gpsData: '{"position":{"lat":"north","lon":2}}' }, 'gpsData.position.lat'],
    [
      'more locked than visible satellites',
      { location: 'Paris', gpsData: '{"position":{"lat":48,"lon":2},"satelliteData":{"visibleSatellites":5,"lockedSatellites":9,"source":"device"}}' },
      'lockedSatellites cannot exceed visibleSatellites',
    ],
    ['gpsData over 4000 characters', { location: 'Paris', gpsData: 'x'.repeat(4001) }, 'gpsData: is too long'],
    ['a threshold that is not a number', { location: 'Paris', thresholds: '{"wind":"fast"}' }, 'thresholds.wind'],
    ['an upside-down temperature range', { location: 'Paris', thresholds: '{"temperature":{"min":20,"max":10}}' }, 'temperature.min must not exceed temperature.max'],
    ['coordinates out of range', { location: '95, 10' }, 'latitude must be within ±90'],
  ];
  it.each(refused)('%s answers 400 with a clear message and calls no provider', async (_label, query, message) => {
    const res = await weather(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(replay.requests).toHaveLength(0);
  });
});

describe('the weather object from recorded Open-Meteo data (metric, unix time, all model levels)', () => {
  let w: WeatherResponse;
  let asked: URLSearchParams | undefined;
  beforeAll(async () => {
    w = await ok({ location: '28.41, -81.32' });
    asked = replay.requests.find((r) => r.route === 'forecast')?.query;
  });

  it('asks Open-Meteo for SI units, unix time and every wind level', () => {
    expect(asked?.get('wind_speed_unit')).toBe('ms');
    expect(asked?.get('timeformat')).toBe('unixtime');
    expect(asked?.get('hourly')?.split(',')).toEqual(expect.arrayContaining(['wind_speed_80m', 'wind_speed_120m', 'wind_speed_180m', 'cape', 'visibility', 'dew_point_2m']));
    expect(w.location).toMatchObject({ source: 'coordinates', lat: 28.41, lon: -81.32, timezone: 'Australia/Sydney', utcOffsetSeconds: 39600 });
  });

  it('returns current conditions in SI', () => {
    expect(w.current).toMatchObject({ time: 1705397400, temp: 29, feels_like: 28.8, dew_point: 15.5, humidity: 45, wind_deg: 4, clouds: 0, visibility: 24140, uvi: 0.95, is_day: true });
    expect(w.current.wind_speed).toBeCloseTo(14.4 / 3.6, 10);
    expect(w.current.wind_gust).toBeCloseTo(38.9 / 3.6, 10);
    expect(w.current.weather).toEqual([{ main: 'Clear', description: 'Clear sky', icon: 'clear-day' }]);
    expect(w.current).toMatchObject({ sunrise: 1705346113, sunset: 1705398230, kp_index: 2 });
  });

  it('scores by §9: only Kp 2 costs 10 points', () => {
    expect(w.droneConditions).toEqual({ score: 90, overall: 'Excellent', penalties: [{ factor: 'kp', points: 10, reason: 'geomagnetic activity' }] });
  });

  it('gives the wind from the surface to 400 ft, interpolated between the model levels', () => {
    const keys = ['wind_surface', 'wind_50ft', 'wind_100ft', 'wind_150ft', 'wind_200ft', 'wind_250ft', 'wind_300ft', 'wind_350ft', 'wind_400ft'] as const;
    expect(Object.keys(w.multiAltitudeWind)).toEqual([...keys]);
    expect(w.multiAltitudeWind.wind_surface.speed).toBeCloseTo(4, 10);
    // 250 ft = 76.2 m lies between the 10 m (4 m/s now) and 80 m (31.0 km/h in the hour) levels.
    const u80 = 31 / 3.6;
    expect(w.multiAltitudeWind.wind_250ft.speed).toBeCloseTo(4 + (u80 - 4) * (Math.log(76.2 / 10) / Math.log(8)), 6);
    const speeds = keys.map((k) => w.multiAltitudeWind[k].speed);
    expect([...speeds].sort((a, b) => a - b)).toEqual(speeds);
    // The gust keeps the surface gust factor at every height.
    expect(w.multiAltitudeWind.wind_400ft.gust! / w.multiAltitudeWind.wind_400ft.speed).toBeCloseTo(38.9 / 14.4, 6);
    expect(w.windShear.level).toBe('high');
    expect(w.data_sources.wind_altitude).toContain('log-law interpolation');
    expect(isRealSensorSource(w.data_sources.wind_altitude!)).toBe(false);
  });

  it('has air quality, METAR and TAF of the nearest station (KMCO), decoded, raw text kept', () => {
    expect(w.airQuality).toEqual({ aqi: 30, category: 'Good' });
    expect(w.current.metar_data).toMatchObject({ icaoId: 'KMCO', name: 'Orlando Intl, FL, US', altim: 1015.3, fltCat: 'VFR', decodeError: null });
    // The newer of KMCO's two reports.
    expect(w.current.metar_data?.rawOb).toBe('METAR KMCO 212053Z 17011KT 10SM SCT060 SCT120 SCT250 34/21 A2998');
    expect(w.current.metar_data?.decoded).toMatchObject({ windDirection: 170, windSpeedKt: 11, visibility: '10 SM', temperature: 34, dewPoint: 21 });
    expect(w.current.taf_data).toMatchObject({ icaoId: 'KMCO', validTimeFrom: 1784656800, validTimeTo: 1784764800, decodeError: null });
    expect(w.current.taf_data?.periods.map((p) => p.type)).toEqual(['BASE', 'FM', 'TEMPO', 'FM', 'FM', 'FM']);
    expect(w.current.taf_data?.periods[2]).toMatchObject({ type: 'TEMPO', visibility: '3 SM', weather: ['TSRA'], clouds: ['BKN 3000 ft CB'] });
  });

  it('names every source; the real-sensor rule applies to the text', () => {
    expect(w.data_sources).toMatchObject({ temperature: 'Open-Meteo forecast API', kp_index: 'NOAA SWPC planetary K-index' });
    expect(w.data_sources.metar).toMatch(/^aviationweather\.gov API, METAR KMCO \(\d+(\.\d)? km away\)$/);
    expect(isRealSensorSource(w.data_sources.kp_index!)).toBe(true);
    expect(isRealSensorSource(w.data_sources.satellites!)).toBe(false);
    expect(Object.values(w.availability).every((p) => p.status === 'ok')).toBe(true);
  });

  it('uses the §9 satellite defaults when the device sends nothing', () => {
    expect(w.gpsConditions).toEqual({ visibleSatellites: 22, lockedSatellites: 18, accuracy: null, source: 'default', accuracyWarning: false });
    expect(w.satellites).toEqual({ visible: 22, locked: 18 });
  });

  it('has the hourly timeline and a fly window in words, judged against the default thresholds', () => {
    expect(w.forecast).toHaveLength(24);
    expect(w.hourly).toHaveLength(24);
    expect(w.hourly[0]).toMatchObject({ time: 1705395600, status: 'no-fly', limitingFactor: 'gusts' });
    expect(w.hourly.find((h) => h.limitingFactor === 'thunderstorm')).toBeDefined();
    expect(w.flyWindow.text).toBe('No good window in the next 24 hours, limited mostly by gusts.');
    expect(w.limits).toEqual({ thresholds: { wind: 25, visibility: 5000, precipitation: 20, cloudCover: 70, temperature: { min: -10, max: 40 }, gusts: 35 }, droneWindLimitMs: null });
    expect(w.thermalActivity.intensity).not.toBe('None');
  });
});

describe('units and time formats', () => {
  it('reads the imperial, ISO-time recording into SI and local-time epochs', async () => {
    replay.set('forecast', { fixture: 'open-meteo-forecast-toronto-imperial.json' });
    const w = await ok({ location: '43.70, -79.40' });
    expect(w.current.temp).toBeCloseTo(fToC(32.6), 10);
    expect(w.current.feels_like).toBeCloseTo(fToC(22.5), 10);
    expect(w.current.wind_speed).toBeCloseTo(13.2 * 0.44704, 10);
    expect(w.current.wind_gust).toBeCloseTo(33.3 * 0.44704, 10);
    // "2026-03-05T21:00" at UTC-5.
    expect(w.current.time).toBe(Date.UTC(2026, 2, 6, 2) / 1000);
    expect(w.current.sunrise).toBe(Date.UTC(2026, 2, 5, 11, 46) / 1000);
    expect(w.hourly).toHaveLength(48);
    expect(w.hourly[0]!.time).toBe(w.current.time);
    // Only the 10 m wind is in this recording: the open-terrain log profile, and it says so.
    expect(w.data_sources.wind_altitude).toContain('log-law profile from the Open-Meteo 10 m wind');
    expect(w.current.visibility).toBeNull();
    expect(w.droneConditions.penalties.map((p) => p.factor)).toEqual(['wind', 'kp']);
  });

  it('refuses a unit it does not know rather than guess', async () => {
    const body = JSON.parse(JSON.stringify(await import('../support/replay-server.ts').then((m) => m.fixtureJson('open-meteo-forecast-toronto-imperial.json')))) as {
      hourly_units: Record<string, string>;
    };
    body.hourly_units.temperature_2m = '°R'; // derived: an unknown unit
    replay.set('forecast', { body });
    const res = await weather({ location: '43.80, -79.40' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: 'Unable to get weather data.', code: 'WEATHER_UNAVAILABLE' });
  });
});

describe('satellites', () => {
  it('takes the device counts when the client sends them', async () => {
    const gpsData = { position: { lat: 28.41, lon: -81.32, accuracy: 4 }, satelliteData: { visibleSatellites: 19, lockedSatellites: 15, source: 'device', satelliteDetails: { gps: 9, glonass: 5, galileo: 3, beidou: 2 } } };
    const w = await ok({ location: '28.41, -81.32', gpsData: JSON.stringify(gpsData) });
    expect(w.gpsConditions).toEqual({ visibleSatellites: 19, lockedSatellites: 15, accuracy: 4, source: 'device', accuracyWarning: false });
    expect(w.satelliteData.satelliteDetails).toEqual({ gps: 9, glonass: 5, galileo: 3, beidou: 2 });
    expect(isRealSensorSource(w.data_sources.satellites!)).toBe(true);
  });

  it('estimates from the position accuracy when the device has no satellite data, and warns past 100 m', async () => {
    const w = await ok({ location: '28.41, -81.32', gpsData: JSON.stringify({ position: { lat: 28.41, lon: -81.32, accuracy: 150 } }) });
    expect(w.gpsConditions).toMatchObject({ visibleSatellites: 10, lockedSatellites: 9, source: 'estimate', accuracyWarning: true });
    expect(w.data_sources.satellites).toContain('Estimated');
  });
});

describe('thresholds', () => {
  it("judges the timeline against the pilot's thresholds", async () => {
    const strict = await ok({ location: '28.41, -81.32' });
    const lax = await ok({ location: '28.41, -81.32', thresholds: JSON.stringify({ gusts: 120, wind: 120, precipitation: 100, cloudCover: 100 }) });
    expect(lax.limits.thresholds.gusts).toBe(120);
    expect(lax.hourly[0]!.status).not.toBe('no-fly');
    expect(lax.hourly.filter((h) => h.status === 'fly').length).toBeGreaterThan(strict.hourly.filter((h) => h.status === 'fly').length);
    expect(lax.flyWindow.start).not.toBeNull();
    expect(lax.flyWindow.text).toMatch(/^Good /);
  });
});

describe('places', () => {
  it('geocodes a typed place', async () => {
    const w = await ok({ location: 'Enschede' });
    expect(w.location).toMatchObject({ name: 'Enschede, Overijssel, The Netherlands', lat: 52.21833, lon: 6.89583, source: 'geocoded' });
    expect(replay.requests.find((r) => r.route === 'geocoding')?.query.get('name')).toBe('Enschede');
    expect(replay.requests.find((r) => r.route === 'forecast')?.query.get('latitude')).toBe('52.2200');
    expect(w.availability.metar).toEqual({ status: 'none-nearby', message: 'No METAR station reports within 150 km.' });
  });

  it('prefers the result in the named region ("Hollywood, California")', async () => {
    const w = await ok({ location: 'Hollywood, California' });
    expect(w.location).toMatchObject({ name: 'Hollywood, California, United States', lat: 34.09834, lon: -118.32674 });
  });

  it('answers 404 "Unable to get weather data." for a place that does not exist', async () => {
    const res = await weather({ location: 'Atlantis' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Unable to get weather data.', code: 'LOCATION_NOT_FOUND' });
    expect(res.json<{ advice: string }>().advice).toContain('valid city, address or coordinates');
    expect(replay.count('forecast')).toBe(0);
  });

  it('answers 502 with the same message when the place search is down, and coordinates still work', async () => {
    replay.set('geocoding', { status: 503 });
    const res = await weather({ location: 'Springfield' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: 'Unable to get weather data.', code: 'GEOCODING_UNAVAILABLE', advice: PLACE_SEARCH_OUTAGE });
    expect((await weather({ location: '28.41, -81.32' })).statusCode).toBe(200);
    // The forecast provider down reads as an outage, never as the pilot's mistake (issue 16).
    replay.set('forecast', { status: 502 });
    const down = await weather({ location: '40.71, -74.01' });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'WEATHER_UNAVAILABLE', advice: WEATHER_OUTAGE });
    expect(down.json<{ advice: string }>().advice).not.toContain('valid city');
  });
});

describe('cache: 5 minutes per rounded location', () => {
  it('answers a repeat and a nearby point from the cache, a new place from the providers', async () => {
    await ok({ location: '10.001, 20.001' });
    expect(replay.count('forecast')).toBe(1);
    await ok({ location: '10.001, 20.001' });
    await ok({ location: '10.004, 19.996' }); // rounds to the same 10.00, 20.00
    expect(replay.count('forecast')).toBe(1);
    expect(replay.count('airQuality')).toBe(1);
    expect(replay.count('metar')).toBe(1);
    await ok({ location: '10.02, 20.00' });
    expect(replay.count('forecast')).toBe(2);
    // Kp is one planetary figure, cached once for every location (earlier tests may have fetched it).
    expect(replay.count('kp')).toBeLessThanOrEqual(1);
  });

  it('shares one outside call between concurrent requests for one place', async () => {
    replay.set('forecast', { delayMs: 100 });
    const all = await Promise.all(Array.from({ length: 5 }, () => weather({ location: '11.5, 21.5' })));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(replay.count('forecast')).toBe(1);
  });
});

describe('GET /api/location-search', () => {
  const search = (query: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ url: `/api/location-search?query=${encodeURIComponent(query)}`, headers });

  it('needs sign-in', async () => expect((await search('Enschede', {})).statusCode).toBe(401));

  it('returns name, city, state, country, lat, lon', async () => {
    const res = await search('Enschede');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { name: 'Enschede, Overijssel, The Netherlands', city: 'Enschede', state: 'Overijssel', country: 'The Netherlands', lat: 52.21833, lon: 6.89583 },
      { name: 'Enschede Airport Twente, Overijssel, The Netherlands', city: 'Enschede Airport Twente', state: 'Overijssel', country: 'The Netherlands', lat: 52.27, lon: 6.87417 },
    ]);
  });

  it('reads the VCR-recorded answer too', async () => {
    const list = (await search('Hollywood')).json<{ state: string | null }[]>();
    expect(list.length).toBeGreaterThan(2);
    expect(list[0]).toMatchObject({ city: 'Hollywood', state: 'Florida', country: 'United States' });
  });

  it('starts at 3 characters', async () => {
    expect((await search('En')).json()).toEqual([]);
    expect(replay.count('geocoding')).toBe(0);
  });

  it('returns an empty list when nothing is found, and says the search failed when it fails (issue 16)', async () => {
    expect((await search('Nowhere at all')).json()).toEqual([]);
    replay.set('geocoding', { status: 500 });
    const res = await search('Somewhere else');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'PLACE_SEARCH_UNAVAILABLE', message: PLACE_SEARCH_OUTAGE });
    expect(res.body).not.toContain('500');
    replay.set('geocoding', { malformed: true });
    expect((await search('Third place')).statusCode).toBe(503);
  });

  it('refuses an oversize query', async () => {
    const res = await search('x'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('query: is too long');
  });
});

describe('per-user limit', () => {
  it('caps how many forecasts one account can request a minute (RATE_LIMIT_WRITES)', async () => {
    const limited = await createTestApp({ ...replay.env, RATE_LIMIT_WRITES: '2' });
    try {
      const { cookie: c } = await limited.signIn('busy@example.com', 'pro');
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.app.inject({ url: `/api/weather?location=${encodeURIComponent('12.5, 22.5')}`, headers: { cookie: c } })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
