import { z } from 'zod';
import { fetchJson, malformed } from '../../lib/fetch-json.ts';

export const AIR_QUALITY_PROVIDER = 'Open-Meteo air quality';

export interface AirQualityConfig {
  /** OPEN_METEO_AIR_QUALITY_URL, default https://air-quality-api.open-meteo.com */
  baseUrl: string;
  timeoutMs: number;
}

const responseSchema = z.object({
  current: z.object({ us_aqi: z.number().min(0).max(1000).nullable().optional() }).loose().optional(),
});

/** Current US AQI from Open-Meteo's air-quality API (CAMS model); null when the model has no value there. */
export function createAirQualityClient(config: AirQualityConfig) {
  return {
    async usAqi(lat: number, lon: number): Promise<number | null> {
      const url = new URL('/v1/air-quality', config.baseUrl);
      url.search = new URLSearchParams({ latitude: lat.toFixed(4), longitude: lon.toFixed(4), current: 'us_aqi', timezone: 'auto' }).toString();
      const body = await fetchJson(url.toString(), { provider: AIR_QUALITY_PROVIDER, timeoutMs: config.timeoutMs });
      const parsed = responseSchema.safeParse(body);
      if (!parsed.success) throw malformed(AIR_QUALITY_PROVIDER, 'current.us_aqi is not a number');
      return parsed.data.current?.us_aqi ?? null;
    },
  };
}

export type AirQualityClient = ReturnType<typeof createAirQualityClient>;
