import type { AiFlightAnalysisRequest, WeatherResponse } from '../../../../shared/weather/contract.ts';
import type { ThresholdsUpdate } from '../../../../shared/weather/thresholds.ts';

/**
 * POST /api/ai-flight-analysis body (§7) from the forecast, in SI as the spec gives its units. The spec's
 * original sent a fixed 'Intermediate' pilot and a sample drone; the server now reads the pilot's own
 * logbook hours and primary drone, so neither is invented here. The location lets the analysis say
 * when conditions improve. Null when the forecast lacks the two figures the analysis cannot do without.
 */
export function analysisRequest(w: WeatherResponse, location: string, thresholds: ThresholdsUpdate): AiFlightAnalysisRequest | null {
  const c = w.current;
  if (c.wind_speed === null || c.temp === null) return null;
  return {
    weatherData: {
      wind: { speed: c.wind_speed, gust: c.wind_gust, direction: c.wind_deg, unit: 'm/s' },
      temperature: { current: c.temp, unit: 'C' },
      visibility: { distance: c.visibility, unit: 'm' },
      precipitation: { probability: c.pop },
      cloudCover: { percentage: c.clouds },
      kpIndex: { current: c.kp_index },
      satellites: { visible: w.satellites.visible, locked: w.satellites.locked },
    },
    location,
    thresholds,
  };
}
