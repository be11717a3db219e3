import { z } from 'zod';
import { fetchJson, malformed } from '../../lib/fetch-json.ts';

export const GEOCODING_PROVIDER = 'Open-Meteo geocoding';

export interface GeocodingConfig {
  /** OPEN_METEO_GEOCODING_URL, default https://geocoding-api.open-meteo.com */
  baseUrl: string;
  timeoutMs: number;
}

export interface Place {
  name: string;
  lat: number;
  lon: number;
  /** admin1: state, province or region */
  state: string | null;
  country: string | null;
  countryCode: string | null;
  featureCode: string | null;
}

const resultSchema = z.object({
  name: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  admin1: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
  feature_code: z.string().optional(),
});
// Open-Meteo leaves `results` out altogether when nothing matches.
const responseSchema = z.object({ results: z.array(z.unknown()).optional() });

/** Open-Meteo /v1/search; results that do not read as places are skipped rather than failing the list. */
export function createGeocodingClient(config: GeocodingConfig) {
  return {
    async search(name: string, count = 10): Promise<Place[]> {
      const url = new URL('/v1/search', config.baseUrl);
      url.search = new URLSearchParams({ name, count: String(count), language: 'en', format: 'json' }).toString();
      const body = await fetchJson(url.toString(), { provider: GEOCODING_PROVIDER, timeoutMs: config.timeoutMs });
      const parsed = responseSchema.safeParse(body);
      if (!parsed.success) throw malformed(GEOCODING_PROVIDER, 'results is not a list');
      return (parsed.data.results ?? []).flatMap((r) => {
        const p = resultSchema.safeParse(r);
        if (!p.success) return [];
        const d = p.data;
        return [
          {
            name: d.name,
            lat: d.latitude,
            lon: d.longitude,
            state: d.admin1 ?? null,
            country: d.country ?? null,
            countryCode: d.country_code ?? null,
            featureCode: d.feature_code ?? null,
          },
        ];
      });
    },
  };
}

export type GeocodingClient = ReturnType<typeof createGeocodingClient>;
