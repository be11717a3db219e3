import { distanceMiles } from '../../../../shared/facilities.ts';
import { mapDatabaseType } from '../../../modules/facilities/policy.ts';
import type { SourceFacility } from '../types.ts';
import { getJson, isRecord, num, sleep, SourceFailure, text, validCoordinates } from './http.ts';
import type { OutsideSource } from './types.ts';

/**
 * Doc 3 §7's live-airport source (the OpenSky Network API shape): a `states` call over the bounding box
 * (degrees = radius / 69; read, and it fails the source when it fails, but its aircraft are not used), then
 * `airports?icao=` one at a time for the first 15 codes of a fixed list of major US airports, 50 ms apart,
 * keeping those within the radius. A result without latitude/longitude counts as not found.
 */
export const MAJOR_US_AIRPORTS = [
  'KATL', 'KLAX', 'KORD', 'KDFW', 'KDEN', 'KJFK', 'KSFO', 'KSEA', 'KLAS', 'KMCO', 'KEWR', 'KCLT', 'KPHX', 'KIAH', 'KMIA',
  'KBOS', 'KMSP', 'KFLL', 'KDTW', 'KPHL', 'KLGA', 'KBWI', 'KSLC', 'KSAN', 'KIAD', 'KDCA', 'KMDW', 'KTPA', 'KPDX', 'PHNL',
  'KDAL', 'KSTL', 'KHOU', 'KBNA', 'KAUS', 'KOAK', 'KMCI', 'KRDU', 'KSJC', 'KSMF', 'KSNA', 'KMSY', 'KSAT', 'KCLE', 'KPIT',
  'KIND', 'KCMH', 'KCVG', 'KJAX', 'KMKE', 'KBDL', 'KOGG', 'PANC', 'KABQ', 'KONT', 'KBUR', 'KRSW', 'KPBI', 'KOMA', 'KMEM',
  'KBUF', 'KRIC', 'KOKC', 'KTUS', 'KELP', 'KBOI', 'KSDF', 'KORF', 'KALB', 'KGEG',
] as const;
const LOOKUPS = 15;
const PAUSE_MS = 50;
const M_TO_FT = 3.28084;
/** A looked-up airport does not move: kept a day, so a pan does not ask the same 15 again. */
const CACHE_MS = 24 * 60 * 60 * 1000;

export function readLiveAirport(r: Record<string, unknown>): SourceFacility | null {
  const icao = text(r.icao, 16)?.toUpperCase();
  const position = isRecord(r.position) ? r.position : {};
  const lat = num(position.latitude);
  const lon = num(position.longitude);
  if (!icao || !validCoordinates(lat, lon) || lon === null) return null;
  const altitudeM = num(position.altitude);
  const sourceType = text(r.type, 40) ?? 'small_airport';
  return {
    sourceKey: `live-airport:${icao}`,
    dataSource: 'live-airport',
    name: text(r.name, 200) ?? icao,
    type: mapDatabaseType(sourceType),
    sourceType,
    latitude: lat,
    longitude: lon,
    elevation: altitudeM === null ? null : Math.round(altitudeM * M_TO_FT),
    identifier: icao,
    iata: text(r.iata, 8)?.toUpperCase() ?? null,
    faaLid: null,
    localCode: null,
    state: text(r.region, 8)?.replace(/^US-/, '') ?? null,
    city: text(r.city, 120) ?? text(r.municipality, 120),
    restrictions: [],
    runwayLength: null,
    runways: [],
    frequencies: {},
    hasTowerFrequency: false,
    closed: sourceType === 'closed',
  };
}

export function createLiveAirportSource(baseUrl: string, timeoutMs: number): OutsideSource {
  const base = baseUrl.replace(/\/+$/, '');
  const cache = new Map<string, { at: number; facility: SourceFacility | null }>();

  async function airport(icao: string): Promise<SourceFacility | null> {
    const hit = cache.get(icao);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.facility;
    let body: unknown = null;
    try {
      body = await getJson(`${base}/airports/?${new URLSearchParams({ icao: icao.toUpperCase() }).toString()}`, timeoutMs);
    } catch (e) {
      // The API answers 404 for an airport it does not know: not found, not a failure.
      if (!(e instanceof SourceFailure && e.message.startsWith('HTTP 404'))) throw e;
    }
    const facility = isRecord(body) ? readLiveAirport(body) : null;
    cache.set(icao, { at: Date.now(), facility });
    return facility;
  }

  return {
    source: 'live-airport',
    async nearby(lat, lon, radiusMiles) {
      const d = radiusMiles / 69;
      const box = new URLSearchParams({ lamin: String(lat - d), lamax: String(lat + d), lomin: String(lon - d), lomax: String(lon + d) });
      const states = await getJson(`${base}/states/all?${box.toString()}`, timeoutMs);
      if (!isRecord(states) || !('states' in states)) throw new SourceFailure('the states answer has no states');
      const found: SourceFacility[] = [];
      for (const [i, icao] of MAJOR_US_AIRPORTS.slice(0, LOOKUPS).entries()) {
        if (i > 0 && !cache.has(icao)) await sleep(PAUSE_MS);
        // One airport failing is one airport not found; the states call above decides whether the source is up.
        const f = await airport(icao).catch(() => null);
        if (f && distanceMiles(lat, lon, f.latitude, f.longitude) <= radiusMiles) found.push(f);
      }
      return found;
    },
    async byIdentifier(identifier) {
      return airport(identifier.toUpperCase());
    },
  };
}
