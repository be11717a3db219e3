import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for doc 3 §7's outside facility sources, replaying the answers in
 * tests/fixtures/facilities (their origin is in the README there), so the product's own adapters run
 * against it through the FACILITIES_*_URL settings. For tests only: the product never imports this file.
 *
 *   /live/states/all, /live/airports/?icao=   the live-airport (OpenSky-shaped) API
 *   /airportdb/search?lat&lon&radius          the airport-database API
 *   /faa/query                                the FAA facilities FeatureServer layer
 *   /uasfm/query                              the FAA UAS Facility Map FeatureServer layer
 *
 * Each source can be told to fail with a status, answer an ArcGIS error body, or wait.
 */
export const FACILITY_FIXTURES = new URL('../fixtures/facilities/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FACILITY_FIXTURES), 'utf8');
export const fixtureJson = <T = unknown>(name: string) => JSON.parse(fixture(name)) as T;

export type FacilitySourceName = 'live' | 'airportdb' | 'faa' | 'uasfm';
export interface SourceBehaviour {
  status?: number;
  /** An ArcGIS-style `{error: {code, message}}` body with HTTP 200. */
  arcgisError?: { code: number; message: string };
  delayMs?: number;
}

export async function startFacilityReplayServer() {
  const behaviour = new Map<FacilitySourceName, SourceBehaviour>();
  const requests: { source: FacilitySourceName; path: string; query: URLSearchParams }[] = [];

  function answer(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'text/plain' });
    res.end(body);
  }

  function route(source: FacilitySourceName, path: string, q: URLSearchParams): [number, string] {
    if (source === 'live') {
      if (path === '/states/all') return [200, fixture('opensky-states-all-switzerland.json')];
      if (path === '/airports/' || path === '/airports') {
        // OpenSky answers 404 for an airport it does not know; the recorded shape is KJFK's.
        return q.get('icao') === 'KJFK' ? [200, fixture('WRITTEN-opensky-airport-KJFK.json')] : [404, 'Not found'];
      }
    }
    if (source === 'airportdb' && path === '/search') {
      return [200, JSON.stringify([fixtureJson('airports-db-KJFK.json'), fixtureJson('airports-db-KLGA.json')])];
    }
    if (source === 'faa' && path === '/query') {
      const all = fixtureJson<{ features: { attributes: { LID: string } }[] }>('WRITTEN-faa-facilities-query-jfk.json');
      const where = q.get('where') ?? '1=1';
      const lid = /LID = '([A-Z0-9-]+)'/.exec(where)?.[1];
      // A filtered query answers only the matching features (derived from the fixture, as ArcGIS would).
      return [200, JSON.stringify(lid ? { ...all, features: all.features.filter((f) => f.attributes.LID === lid) } : all)];
    }
    if (source === 'uasfm' && path === '/query') {
      const [lon, lat] = (q.get('geometry') ?? '').split(',').map(Number);
      const within = (cell: string) => {
        const c = fixtureJson<{ features: { geometry: { coordinates: number[][][] } }[] }>(cell).features[0]!.geometry.coordinates[0]!;
        const xs = c.map((p) => p[0]!);
        const ys = c.map((p) => p[1]!);
        return lon! >= Math.min(...xs) && lon! <= Math.max(...xs) && lat! >= Math.min(...ys) && lat! <= Math.max(...ys);
      };
      for (const cell of ['faa-uasfm-miami-kmia.geojson', 'faa-uasfm-manhattan-ks-kmhk.geojson']) if (within(cell)) return [200, fixture(cell)];
      return [200, JSON.stringify({ type: 'FeatureCollection', features: [] })];
    }
    return [404, 'no such route'];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, prefix, ...rest] = url.pathname.split('/');
    const source = prefix as FacilitySourceName;
    const path = `/${rest.join('/')}`;
    requests.push({ source, path, query: url.searchParams });
    const b = behaviour.get(source) ?? {};
    setTimeout(() => {
      if (b.status) return answer(res, b.status, `${source} is down`);
      if (b.arcgisError) return answer(res, 200, JSON.stringify({ error: { ...b.arcgisError, details: [] } }));
      const [status, body] = route(source, path, url.searchParams);
      answer(res, status, body);
    }, b.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      FACILITIES_LIVE_AIRPORT_URL: `${base}/live`,
      FACILITIES_AIRPORT_DATABASE_URL: `${base}/airportdb`,
      FACILITIES_FAA_URL: `${base}/faa`,
      FACILITIES_UAS_FACILITY_MAP_URL: `${base}/uasfm`,
      FACILITIES_TIMEOUT_MS: '2000',
    },
    requests,
    set(source: FacilitySourceName, b: SourceBehaviour) {
      behaviour.set(source, b);
    },
    reset() {
      behaviour.clear();
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
