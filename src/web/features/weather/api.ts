import type { AiFlightAnalysisRequest, AiFlightAnalysisResponse, GpsData, LocationResult, WeatherResponse } from '../../../shared/weather/contract.ts';
import type { ThresholdsResponse, ThresholdsUpdate } from '../../../shared/weather/thresholds.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

export const WEATHER_KEY = '/api/weather';
export const LOCATION_SEARCH_KEY = '/api/location-search';
export const THRESHOLDS_KEY = ['/api/weather/thresholds'] as const;
export const ANALYSIS_KEY = '/api/ai-flight-analysis';

export interface WeatherParams {
  location: string;
  gpsData: GpsData | null;
  /** The pilot's saved thresholds (only what differs from the defaults); null when there are none. */
  thresholds: ThresholdsUpdate | null;
}

/** GET /api/weather?location=…&gpsData=…&thresholds=… (doc 3 §7; thresholds drive the hourly timeline). */
export function weatherUrl(p: WeatherParams): string {
  const query = new URLSearchParams({ location: p.location });
  if (p.gpsData) query.set('gpsData', JSON.stringify(p.gpsData));
  if (p.thresholds) query.set('thresholds', JSON.stringify(p.thresholds));
  return `/api/weather?${query.toString()}`;
}

export const fetchWeather = (p: WeatherParams, signal?: AbortSignal) => apiGet<WeatherResponse>(weatherUrl(p), { signal });

export const searchLocations = (query: string, signal?: AbortSignal) =>
  apiGet<LocationResult[]>(`/api/location-search?${new URLSearchParams({ query }).toString()}`, { signal });

export const fetchThresholds = () => apiGet<ThresholdsResponse>('/api/weather/thresholds');
export const saveThresholds = (body: ThresholdsUpdate) => apiSend<ThresholdsResponse>('PUT', '/api/weather/thresholds', { body });

export const analyseFlight = (body: AiFlightAnalysisRequest) => apiSend<AiFlightAnalysisResponse>('POST', '/api/ai-flight-analysis', { body });
