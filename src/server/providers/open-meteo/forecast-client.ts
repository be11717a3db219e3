import { fetchJson } from '../../lib/fetch-json.ts';
import { CURRENT_VARIABLES, DAILY_VARIABLES, FORECAST_PROVIDER, HOURLY_VARIABLES, normalizeForecast, type ForecastData } from './normalize.ts';

export interface ForecastClientConfig {
  /** OPEN_METEO_URL, default https://api.open-meteo.com */
  baseUrl: string;
  timeoutMs: number;
}

/** Open-Meteo /v1/forecast: current conditions, 3 days hourly (we use 48 h), sunrise and sunset, in SI. */
export function createForecastClient(config: ForecastClientConfig) {
  return {
    async forecast(lat: number, lon: number): Promise<ForecastData> {
      const url = new URL('/v1/forecast', config.baseUrl);
      url.search = new URLSearchParams({
        latitude: lat.toFixed(4),
        longitude: lon.toFixed(4),
        current: CURRENT_VARIABLES.join(','),
        hourly: HOURLY_VARIABLES.join(','),
        daily: DAILY_VARIABLES.join(','),
        timezone: 'auto',
        timeformat: 'unixtime',
        wind_speed_unit: 'ms',
        forecast_days: '3',
      }).toString();
      const body = await fetchJson(url.toString(), { provider: FORECAST_PROVIDER, timeoutMs: config.timeoutMs });
      return normalizeForecast(body, Math.floor(Date.now() / 1000));
    },
  };
}

export type ForecastClient = ReturnType<typeof createForecastClient>;
