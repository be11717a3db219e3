import { isRealSensorSource } from '../../../../shared/weather/labels.ts';

const NAMES: Record<string, string> = {
  temperature: 'Temperature',
  wind_surface: 'Surface wind',
  wind_altitude: 'Wind at altitude',
  gust_altitude: 'Gusts at altitude',
  visibility: 'Visibility',
  clouds: 'Cloud cover',
  precipitation: 'Precipitation',
  dew_point: 'Dew point',
  uv: 'UV index',
  sun_times: 'Sunrise and sunset',
  thermal: 'Thermal activity',
  kp_index: 'Kp index',
  air_quality: 'Air quality',
  metar: 'METAR',
  taf: 'TAF',
  satellites: 'Satellites',
};

/** "wind_surface" → "Surface wind"; an unknown key reads as words. */
export function sourceName(key: string): string {
  const known = NAMES[key];
  if (known) return known;
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface SourceRow {
  key: string;
  name: string;
  source: string;
  /** §9: the text contains API, NOAA, EPA, N2YO, GPS or Direct. */
  realSensor: boolean;
}

export const sourceRows = (sources: Record<string, string>): SourceRow[] =>
  Object.entries(sources).map(([key, source]) => ({ key, name: sourceName(key), source, realSensor: isRealSensorSource(source) }));
