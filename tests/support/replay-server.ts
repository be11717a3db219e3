import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the weather and aviation services that replays the real recorded responses in
 * ../shared/fixtures/weather, so the product's own HTTP clients run against it through the base-URL
 * variables. For tests and benchmarks only: the product never imports this file.
 *
 * Each route can be told to wait, fail with a status, send a broken body or send a derived body
 * (a variant a test builds from a fixture, and says so).
 */
export const FIXTURES_DIR = new URL('../../../shared/fixtures/weather/', import.meta.url);

export const ROUTES = ['forecast', 'geocoding', 'airQuality', 'metar', 'taf', 'kp', 'kp1m'] as const;
export type ReplayRoute = (typeof ROUTES)[number];

export interface RouteBehaviour {
  /** Wait this long before answering (tests the providers' time limits). */
  delayMs?: number;
  /** Answer with this HTTP status and a short text body. */
  status?: number;
  /** Cut the body in half so it is not valid JSON. */
  malformed?: boolean;
  /** Serve this instead of the fixture: a string as is, anything else as JSON. */
  body?: unknown;
  /** Serve another fixture file of the folder. */
  fixture?: string;
}

export interface ReplayRequest {
  route: ReplayRoute;
  path: string;
  query: URLSearchParams;
}

const PATHS: Record<string, ReplayRoute> = {
  '/v1/forecast': 'forecast',
  '/v1/search': 'geocoding',
  '/v1/air-quality': 'airQuality',
  '/api/data/metar': 'metar',
  '/api/data/taf': 'taf',
  '/products/noaa-planetary-k-index.json': 'kp',
  '/json/planetary_k_index_1m.json': 'kp1m',
};

const DEFAULT_FIXTURE: Record<ReplayRoute, string> = {
  forecast: 'open-meteo-forecast-melbourne-all-levels-unixtime.json',
  geocoding: 'open-meteo-geocoding-enschede.json',
  airQuality: 'open-meteo-air-quality-clearwater.json',
  metar: 'aviationweather-metar-florida.json',
  taf: 'aviationweather-taf-florida.json',
  kp: 'swpc-noaa-planetary-k-index-3h-array-form.json',
  kp1m: 'swpc-planetary-k-index-1m.json',
};

const fileCache = new Map<string, string>();
export function fixtureText(name: string): string {
  let text = fileCache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(name, FIXTURES_DIR), 'utf8');
    fileCache.set(name, text);
  }
  return text;
}
export const fixtureJson = (name: string): unknown => JSON.parse(fixtureText(name));

/**
 * The JSON body kept in a VCR cassette (response.body.string, a single-quoted YAML scalar whose line
 * breaks fold into spaces and whose '' is a quote).
 */
export function cassetteBody(name: string): string {
  const yaml = fixtureText(name);
  const response = yaml.indexOf('\n  response:');
  const start = yaml.indexOf("string: '", yaml.indexOf('body:', response)) + "string: '".length;
  let out = '';
  for (let i = start; i < yaml.length; i++) {
    const ch = yaml[i]!;
    if (ch === "'") {
      if (yaml[i + 1] === "'") {
        out += "'";
        i++;
        continue;
      }
      break;
    }
    out += ch;
  }
  return out.replace(/[ \t]*\n[ \t]*/g, ' ');
}

/** Open-Meteo's answer when no place matches: no `results` key at all. */
const NO_PLACES = '{"generationtime_ms":0.2}';

function geocodingBody(query: URLSearchParams): string {
  const name = (query.get('name') ?? '').toLowerCase();
  if (name.startsWith('enschede')) return fixtureText('open-meteo-geocoding-enschede.json');
  if (name.startsWith('hollywood')) return cassetteBody('open-meteo-geocoding-hollywood.vcr.yml');
  return NO_PLACES;
}

export async function startReplayServer() {
  const behaviours = new Map<ReplayRoute, RouteBehaviour>();
  const requests: ReplayRequest[] = [];
  /** Milliseconds each answer took inside this server, not counting a configured delay. */
  const serverTimes: number[] = [];

  function bodyFor(route: ReplayRoute, query: URLSearchParams, b: RouteBehaviour): string {
    if (b.body !== undefined) return typeof b.body === 'string' ? b.body : JSON.stringify(b.body);
    if (b.fixture) return fixtureText(b.fixture);
    if (route === 'geocoding') return geocodingBody(query);
    return fixtureText(DEFAULT_FIXTURE[route]);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://replay.local');
    const route = PATHS[url.pathname];
    if (!route || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    requests.push({ route, path: url.pathname, query: url.searchParams });
    const b = behaviours.get(route) ?? {};
    let waited = 0;
    if (b.delayMs) {
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, b.delayMs));
      waited = performance.now() - t0;
    }
    if (res.destroyed) return;
    if (b.status) {
      res.writeHead(b.status, { 'content-type': 'text/plain' }).end(`replay: status ${b.status}`);
    } else {
      let body = bodyFor(route, url.searchParams, b);
      if (b.malformed) body = body.slice(0, Math.floor(body.length / 2));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    }
    serverTimes.push(performance.now() - started - waited);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The product's base-URL variables, all pointing here. */
    env: {
      OPEN_METEO_URL: url,
      OPEN_METEO_GEOCODING_URL: url,
      OPEN_METEO_AIR_QUALITY_URL: url,
      AVIATION_WEATHER_URL: url,
      SWPC_URL: url,
    },
    set(route: ReplayRoute, behaviour: RouteBehaviour) {
      behaviours.set(route, behaviour);
    },
    reset() {
      behaviours.clear();
      requests.length = 0;
      serverTimes.length = 0;
    },
    requests,
    serverTimes,
    count: (route: ReplayRoute) => requests.filter((r) => r.route === route).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ReplayServer = Awaited<ReturnType<typeof startReplayServer>>;
