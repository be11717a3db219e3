import type { PresentWeather } from './score.ts';

/**
 * WMO weather interpretation codes (as Open-Meteo returns them) to the weather[] entry of §3
 * ({main, description, icon}) and to the present-weather classes the score uses. `main` uses the
 * familiar condition names (Clear, Clouds, Fog, Drizzle, Rain, Snow, Thunderstorm); `icon` is a stable
 * key the page maps to its own icon set, with a day/night variant where it matters.
 */
export const WEATHER_MAINS = ['Clear', 'Clouds', 'Fog', 'Drizzle', 'Rain', 'Snow', 'Thunderstorm', 'Unknown'] as const;
export type WeatherMain = (typeof WEATHER_MAINS)[number];
export const WEATHER_ICONS = [
  'clear-day',
  'clear-night',
  'partly-cloudy-day',
  'partly-cloudy-night',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'sleet',
  'snow',
  'thunderstorm',
  'unknown',
] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

interface CodeInfo {
  main: WeatherMain;
  description: string;
  icon: WeatherIcon;
  present: PresentWeather[];
}

const CODES: Record<number, CodeInfo> = {
  0: { main: 'Clear', description: 'Clear sky', icon: 'clear-day', present: [] },
  1: { main: 'Clear', description: 'Mainly clear', icon: 'clear-day', present: [] },
  2: { main: 'Clouds', description: 'Partly cloudy', icon: 'partly-cloudy-day', present: [] },
  3: { main: 'Clouds', description: 'Overcast', icon: 'cloudy', present: [] },
  45: { main: 'Fog', description: 'Fog', icon: 'fog', present: ['fog'] },
  48: { main: 'Fog', description: 'Depositing rime fog', icon: 'fog', present: ['fog'] },
  51: { main: 'Drizzle', description: 'Light drizzle', icon: 'drizzle', present: ['drizzle'] },
  53: { main: 'Drizzle', description: 'Moderate drizzle', icon: 'drizzle', present: ['drizzle'] },
  55: { main: 'Drizzle', description: 'Dense drizzle', icon: 'drizzle', present: ['drizzle'] },
  56: { main: 'Drizzle', description: 'Light freezing drizzle', icon: 'sleet', present: ['drizzle'] },
  57: { main: 'Drizzle', description: 'Dense freezing drizzle', icon: 'sleet', present: ['drizzle'] },
  61: { main: 'Rain', description: 'Slight rain', icon: 'rain', present: ['rain'] },
  63: { main: 'Rain', description: 'Moderate rain', icon: 'rain', present: ['rain'] },
  65: { main: 'Rain', description: 'Heavy rain', icon: 'rain', present: ['rain'] },
  66: { main: 'Rain', description: 'Light freezing rain', icon: 'sleet', present: ['rain'] },
  67: { main: 'Rain', description: 'Heavy freezing rain', icon: 'sleet', present: ['rain'] },
  71: { main: 'Snow', description: 'Slight snow fall', icon: 'snow', present: ['snow'] },
  73: { main: 'Snow', description: 'Moderate snow fall', icon: 'snow', present: ['snow'] },
  75: { main: 'Snow', description: 'Heavy snow fall', icon: 'snow', present: ['snow'] },
  77: { main: 'Snow', description: 'Snow grains', icon: 'snow', present: ['snow'] },
  80: { main: 'Rain', description: 'Slight rain showers', icon: 'rain', present: ['rain'] },
  81: { main: 'Rain', description: 'Moderate rain showers', icon: 'rain', present: ['rain'] },
  82: { main: 'Rain', description: 'Violent rain showers', icon: 'rain', present: ['rain'] },
  85: { main: 'Snow', description: 'Slight snow showers', icon: 'snow', present: ['snow'] },
  86: { main: 'Snow', description: 'Heavy snow showers', icon: 'snow', present: ['snow'] },
  95: { main: 'Thunderstorm', description: 'Thunderstorm', icon: 'thunderstorm', present: ['thunderstorm'] },
  96: { main: 'Thunderstorm', description: 'Thunderstorm with slight hail', icon: 'thunderstorm', present: ['thunderstorm'] },
  99: { main: 'Thunderstorm', description: 'Thunderstorm with heavy hail', icon: 'thunderstorm', present: ['thunderstorm'] },
};

const UNKNOWN: CodeInfo = { main: 'Unknown', description: 'Unknown conditions', icon: 'unknown', present: [] };

export function describeWeatherCode(code: number | null, isDay = true): { main: WeatherMain; description: string; icon: WeatherIcon } {
  const info = code === null ? UNKNOWN : (CODES[code] ?? UNKNOWN);
  let icon = info.icon;
  if (!isDay && icon === 'clear-day') icon = 'clear-night';
  if (!isDay && icon === 'partly-cloudy-day') icon = 'partly-cloudy-night';
  return { main: info.main, description: info.description, icon };
}

export const presentWeatherOf = (code: number | null): PresentWeather[] => (code === null ? [] : [...(CODES[code]?.present ?? [])]);
