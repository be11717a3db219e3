import { useQuery } from '@tanstack/react-query';
import { WEATHER_CACHE_MS } from '../../../../shared/weather/constants.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchWeather, WEATHER_KEY, type WeatherParams } from '../api.ts';

/**
 * GET /api/weather (§7): fresh 5 minutes, one retry (a 4xx is the same the second time, so it is not
 * retried). While the same place reloads for new thresholds the last forecast stays on screen.
 */
export function useWeather(params: WeatherParams, enabled: boolean) {
  return useQuery({
    queryKey: [WEATHER_KEY, params.location, params.gpsData, params.thresholds],
    queryFn: ({ signal }) => fetchWeather(params, signal),
    enabled,
    staleTime: WEATHER_CACHE_MS,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === params.location ? previous : undefined),
  });
}
