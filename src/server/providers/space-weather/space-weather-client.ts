import { fetchJson, malformed } from '../../lib/fetch-json.ts';
import { latestKp, type KpReading } from './kp-index.ts';

export const SPACE_WEATHER_PROVIDER = 'NOAA SWPC K-index';

export interface SpaceWeatherConfig {
  /** SWPC_URL, default https://services.swpc.noaa.gov */
  baseUrl: string;
  timeoutMs: number;
}

/** The current planetary Kp from SWPC's noaa-planetary-k-index product (either published form). */
export function createSpaceWeatherClient(config: SpaceWeatherConfig) {
  return {
    async currentKp(): Promise<KpReading> {
      const url = new URL('/products/noaa-planetary-k-index.json', config.baseUrl).toString();
      const body = await fetchJson(url, { provider: SPACE_WEATHER_PROVIDER, timeoutMs: config.timeoutMs });
      const reading = latestKp(body);
      if (!reading) throw malformed(SPACE_WEATHER_PROVIDER, 'no Kp value in the product');
      return reading;
    },
  };
}

export type SpaceWeatherClient = ReturnType<typeof createSpaceWeatherClient>;
