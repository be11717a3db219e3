import { distanceMiles } from '../../../../shared/facilities.ts';
import type { FacilityFrequencies, FacilityRunway } from '../../../db/schema/facilities.ts';
import { mapDatabaseType } from '../../../modules/facilities/policy.ts';
import type { SourceFacility } from '../types.ts';
import { getJson, isRecord, num, SourceFailure, text, validCoordinates } from './http.ts';
import type { OutsideSource } from './types.ts';

/**
 * Doc 3 §7's airport-database source: `GET {base}/search?lat&lon&radius` (miles) answering a list of
 * OurAirports-shaped records (ident, name, type, latitude_deg, longitude_deg, elevation_ft, gps_code,
 * iso_region, municipality, runway_length_ft). Records as airportdb.io serves them (every value a string,
 * runways[] and freqs[] beside) are read too: the longest runway stands in for runway_length_ft and a TWR
 * frequency makes the field towered. See tests/fixtures/facilities/README.md for the recorded answers.
 */
const FREQUENCY_TYPES: Record<string, keyof FacilityFrequencies> = {
  ATIS: 'atis',
  TWR: 'tower',
  GND: 'ground',
  CLD: 'clearance',
  CTAF: 'unicom',
  UNIC: 'unicom',
  APP: 'approach',
  DEP: 'departure',
};

export function readAirportDatabaseRecord(r: Record<string, unknown>): SourceFacility | null {
  const lat = num(r.latitude_deg);
  const lon = num(r.longitude_deg);
  const identifier = (text(r.gps_code, 16) ?? text(r.ident, 16))?.toUpperCase();
  if (!validCoordinates(lat, lon) || lon === null || !identifier || !/^[A-Z0-9-]{1,16}$/.test(identifier)) return null;
  const sourceType = text(r.type, 40) ?? 'small_airport';
  const runways: FacilityRunway[] = (Array.isArray(r.runways) ? r.runways : [])
    .filter(isRecord)
    .filter((w) => text(w.closed) !== '1')
    .slice(0, 60)
    .map((w) => ({
      lengthFt: Math.round(num(w.length_ft) ?? 0),
      widthFt: Math.round(num(w.width_ft) ?? 0),
      surface: text(w.surface, 40) ?? 'unknown',
      lighted: text(w.lighted) === '1',
      ends: [text(w.le_ident, 8), text(w.he_ident, 8)].filter((e): e is string => e !== null),
    }));
  const frequencies: FacilityFrequencies = {};
  for (const f of (Array.isArray(r.freqs) ? r.freqs : []).filter(isRecord)) {
    const key = FREQUENCY_TYPES[(text(f.type) ?? '').toUpperCase()];
    const mhz = text(f.frequency_mhz, 20);
    if (key && mhz && !frequencies[key]) frequencies[key] = mhz;
  }
  const longest = runways.reduce((m, w) => Math.max(m, w.lengthFt), 0);
  const runwayLength = num(r.runway_length_ft) ?? (longest > 0 ? longest : null);
  const elevation = num(r.elevation_ft);
  const closed = sourceType === 'closed';
  const hasTowerFrequency = !closed && Boolean(frequencies.tower ?? frequencies.atis);
  return {
    sourceKey: `airport-database:${identifier}`,
    dataSource: 'airport-database',
    name: text(r.name, 200) ?? identifier,
    type: mapDatabaseType(sourceType),
    sourceType,
    latitude: lat,
    longitude: lon,
    elevation: elevation === null ? null : Math.round(elevation),
    identifier,
    iata: text(r.iata_code, 8)?.toUpperCase() ?? null,
    faaLid: null,
    localCode: text(r.local_code, 16)?.toUpperCase() ?? null,
    state: text(r.iso_region, 8)?.replace(/^US-/, '') ?? null,
    city: text(r.municipality, 120),
    restrictions: hasTowerFrequency ? ['Controlled Airspace'] : [],
    runwayLength: runwayLength === null ? null : Math.round(runwayLength),
    runways,
    frequencies,
    hasTowerFrequency,
    closed,
  };
}

export function createAirportDatabaseSource(baseUrl: string, timeoutMs: number): OutsideSource {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    source: 'airport-database',
    async nearby(lat, lon, radiusMiles) {
      const params = new URLSearchParams({ lat: String(lat), lon: String(lon), radius: String(radiusMiles) });
      const body = await getJson(`${base}/search?${params.toString()}`, timeoutMs);
      const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.airports) ? body.airports : null;
      if (!list) throw new SourceFailure('the answer is not a list of airports');
      return list
        .filter(isRecord)
        .slice(0, 5000)
        .map(readAirportDatabaseRecord)
        .filter((f): f is SourceFacility => f !== null && distanceMiles(lat, lon, f.latitude, f.longitude) <= radiusMiles);
    },
  };
}
