import { useQuery } from '@tanstack/react-query';
import { WEATHER_CACHE_MS } from '../../../../shared/weather/constants.ts';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import type { ThresholdsUpdate } from '../../../../shared/weather/thresholds.ts';
import type { MeasurementSystem, SpeedUnit } from '../../../../shared/weather/units.ts';
import { ANALYSIS_KEY, analyseFlight } from '../api.ts';
import { analysisRequest } from '../model/analysis-request.ts';

/**
 * The AI flight analysis (§4): runs by itself once the weather arrives, for the tiers that have it.
 * One answer per forecast (place, model time, thresholds), kept as long as the forecast is fresh; a
 * failure is shown with a retry, never retried behind the pilot's back (it counts against write limits).
 */
export function useFlightAnalysis(
  weather: WeatherResponse | undefined,
  location: string,
  thresholds: ThresholdsUpdate,
  enabled: boolean,
  units: { system: MeasurementSystem; speedUnit: SpeedUnit },
) {
  // The analysis speaks the pilot's units (issue 16): a switch of units asks again.
  const base = weather ? analysisRequest(weather, location, thresholds) : null;
  const body = base ? { ...base, units } : null;
  return useQuery({
    queryKey: [ANALYSIS_KEY, location, weather?.current.time ?? null, thresholds, units.system, units.speedUnit],
    queryFn: () => analyseFlight(body!),
    enabled: enabled && body !== null,
    staleTime: WEATHER_CACHE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
