import { z } from 'zod';
import { STATION_MAX_DISTANCE_KM } from '../../../shared/weather/constants.ts';
import { fetchText, malformed, ProviderError } from '../../lib/fetch-json.ts';
import { cleanReport, decodeMetar, decodeTaf, type DecodedMetar, type DecodedTafPeriod } from './decode.ts';

export const METAR_PROVIDER = 'aviationweather.gov METAR';
export const TAF_PROVIDER = 'aviationweather.gov TAF';

export interface AviationWeatherConfig {
  /** AVIATION_WEATHER_URL, default https://aviationweather.gov */
  baseUrl: string;
  timeoutMs: number;
}

export interface Metar {
  icaoId: string;
  name: string;
  rawOb: string;
  /** hPa */
  altim: number | null;
  clouds: { cover: string; base: number | null }[];
  obsTime: number | null;
  distanceKm: number;
  fltCat: string | null;
  decoded: DecodedMetar | null;
  decodeError: string | null;
}

export interface Taf {
  icaoId: string;
  name: string;
  rawTAF: string;
  validTimeFrom: number | null;
  validTimeTo: number | null;
  distanceKm: number;
  periods: DecodedTafPeriod[];
  decodeError: string | null;
}

const station = z.object({ icaoId: z.string().min(3).max(8), lat: z.number(), lon: z.number(), name: z.string().max(200).optional() });
const metarRow = station.extend({
  rawOb: z.string().max(5000),
  obsTime: z.number().nullable().optional(),
  altim: z.number().nullable().optional(),
  fltCat: z.string().max(8).nullable().optional(),
  clouds: z.array(z.object({ cover: z.string().max(8), base: z.number().nullable().optional() })).optional(),
});
const tafRow = station.extend({
  rawTAF: z.string().max(10_000),
  issueTime: z.string().optional(),
  validTimeFrom: z.number().nullable().optional(),
  validTimeTo: z.number().nullable().optional(),
});

const EARTH_RADIUS_KM = 6371;
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** About 1.4° around the point: the search box of the nearest-station query. */
function bbox(lat: number, lon: number): string {
  const dLat = 1.4;
  const dLon = Math.min(180, 1.4 / Math.max(0.2, Math.cos((lat * Math.PI) / 180)));
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return [clamp(lat - dLat, -90, 90), clamp(lon - dLon, -180, 180), clamp(lat + dLat, -90, 90), clamp(lon + dLon, -180, 180)]
    .map((v) => v.toFixed(2))
    .join(',');
}

/** Reads the rows of a data-API answer; an empty body (HTTP 204, no stations) is no rows. */
function rows<T>(provider: string, text: string, schema: z.ZodType<T>): T[] {
  if (text.trim() === '') return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(provider, 'malformed', `${provider} sent a response that is not JSON`);
  }
  if (!Array.isArray(body)) throw malformed(provider, 'expected a list of reports');
  // One bad report must not hide the good ones around it.
  return body.flatMap((r) => {
    const p = schema.safeParse(r);
    return p.success ? [p.data] : [];
  });
}

/** The nearest station's rows within reach, by distance; of one station's rows the caller picks. */
function nearest<T extends z.infer<typeof station>>(list: T[], lat: number, lon: number): { row: T; km: number }[] {
  return list
    .map((row) => ({ row, km: distanceKm(lat, lon, row.lat, row.lon) }))
    .filter((x) => x.km <= STATION_MAX_DISTANCE_KM)
    .sort((a, b) => a.km - b.km);
}

/** METAR and TAF of the nearest reporting station from the aviationweather.gov data API. */
export function createAviationWeatherClient(config: AviationWeatherConfig) {
  const get = (path: string, lat: number, lon: number, provider: string, extra: Record<string, string> = {}) => {
    const url = new URL(path, config.baseUrl);
    url.search = new URLSearchParams({ bbox: bbox(lat, lon), format: 'json', ...extra }).toString();
    return fetchText(url.toString(), { provider, timeoutMs: config.timeoutMs });
  };

  return {
    /** null when no station reports within reach. */
    async nearestMetar(lat: number, lon: number): Promise<Metar | null> {
      const list = rows(METAR_PROVIDER, await get('/api/data/metar', lat, lon, METAR_PROVIDER, { hours: '3' }), metarRow);
      const ranked = nearest(list, lat, lon);
      const first = ranked[0];
      if (!first) return null;
      // The most recent observation of the nearest station.
      const best = ranked
        .filter((x) => x.row.icaoId === first.row.icaoId)
        .reduce((a, b) => ((b.row.obsTime ?? 0) > (a.row.obsTime ?? 0) ? b : a));
      const r = best.row;
      const { decoded, error } = decodeMetar(r.rawOb);
      return {
        icaoId: r.icaoId,
        name: r.name ?? r.icaoId,
        rawOb: cleanReport(r.rawOb),
        altim: r.altim ?? null,
        clouds: (r.clouds ?? []).slice(0, 12).map((c) => ({ cover: c.cover, base: c.base ?? null })),
        obsTime: r.obsTime ?? null,
        distanceKm: Math.round(best.km * 10) / 10,
        fltCat: r.fltCat ?? null,
        decoded,
        decodeError: error,
      };
    },

    async nearestTaf(lat: number, lon: number): Promise<Taf | null> {
      const list = rows(TAF_PROVIDER, await get('/api/data/taf', lat, lon, TAF_PROVIDER), tafRow);
      const first = nearest(list, lat, lon)[0];
      if (!first) return null;
      const r = first.row;
      const issuedMs = r.issueTime ? Date.parse(r.issueTime) : NaN;
      const issued = new Date(Number.isFinite(issuedMs) ? issuedMs : (r.validTimeFrom ?? Date.now() / 1000) * 1000);
      const { periods, error } = decodeTaf(r.rawTAF, issued);
      return {
        icaoId: r.icaoId,
        name: r.name ?? r.icaoId,
        rawTAF: cleanReport(r.rawTAF, 4000),
        validTimeFrom: r.validTimeFrom ?? null,
        validTimeTo: r.validTimeTo ?? null,
        distanceKm: Math.round(first.km * 10) / 10,
        periods,
        decodeError: error,
      };
    },
  };
}

export type AviationWeatherClient = ReturnType<typeof createAviationWeatherClient>;
