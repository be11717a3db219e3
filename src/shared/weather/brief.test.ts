import { describe, expect, it } from 'vitest';
import { simpleBrief } from './brief.ts';
import type { WeatherResponse } from './contract.ts';

const base: Pick<WeatherResponse, 'droneConditions' | 'current'> = {
  droneConditions: { score: 90, overall: 'Excellent', penalties: [{ factor: 'kp', points: 10, reason: 'geomagnetic activity' }] },
  current: {
    time: 0,
    temp: 20,
    feels_like: 20,
    dew_point: 10,
    humidity: 50,
    wind_speed: 4,
    wind_deg: 4,
    wind_gust: 10.8,
    visibility: 24_140,
    clouds: 0,
    pop: 0,
    uvi: 1,
    is_day: true,
    sunrise: null,
    sunset: null,
    kp_index: 2,
    weather: [{ main: 'Clear', description: 'Clear sky', icon: 'clear-day' }],
    metar_data: null,
    taf_data: null,
  },
};

describe('simple brief', () => {
  it('words the conditions in the user’s units', () => {
    expect(simpleBrief(base, 'metric')).toEqual({
      level: 'good',
      text: 'Good conditions for flying. Wind 14 km/h from the N, gusts 39 km/h; clear sky; visibility 10+ km; 20°C. Score 90 (Excellent): geomagnetic activity −10.',
    });
    expect(simpleBrief(base, 'imperial').text).toContain('Wind 9 mph from the N, gusts 24 mph; clear sky; visibility 6+ mi; 68°F.');
  });
  it('follows the basic-tier levels', () => {
    expect(simpleBrief({ ...base, droneConditions: { score: 69, overall: 'Fair', penalties: [] } }, 'metric').text).toMatch(/^Fly with caution\./);
    expect(simpleBrief({ ...base, droneConditions: { score: 49, overall: 'Poor', penalties: [] } }, 'metric').level).toBe('poor');
  });
  it('leaves out what is unknown', () => {
    const sparse = { ...base, current: { ...base.current, wind_speed: null, visibility: null, temp: null, weather: [] } };
    expect(simpleBrief(sparse, 'metric').text).toBe('Good conditions for flying. Score 90 (Excellent): geomagnetic activity −10.');
  });
});
