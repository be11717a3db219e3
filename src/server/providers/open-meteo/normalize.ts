import { z } from 'zod';
import { malformed } from '../../lib/fetch-json.ts';
import { converter, toEpoch, type Quantity } from './units.ts';

export const FORECAST_PROVIDER = 'Open-Meteo forecast';

/** Model heights whose wind Open-Meteo gives, metres. */
export const WIND_HEIGHTS_M = [10, 80, 120, 180] as const;
export type WindHeight = (typeof WIND_HEIGHTS_M)[number];

/** One hour of the forecast in SI; null where the model gave nothing. */
export interface ForecastHour {
  time: number;
  temperature: number | null;
  apparentTemperature: number | null;
  dewPoint: number | null;
  humidity: number | null;
  precipitationProbability: number | null;
  weatherCode: number | null;
  cloudCover: number | null;
  visibility: number | null;
  windSpeed: Record<WindHeight, number | null>;
  windDirection: Record<WindHeight, number | null>;
  windGust: number | null;
  uvIndex: number | null;
  cape: number | null;
  isDay: boolean | null;
  radiation: number | null;
}

export interface ForecastDay {
  time: number;
  sunrise: number | null;
  sunset: number | null;
  uvIndexMax: number | null;
}

export interface ForecastData {
  latitude: number;
  longitude: number;
  timezone: string | null;
  utcOffsetSeconds: number;
  /** The model's "now" (its current-conditions time); the timeline starts at the hour containing it. */
  currentTime: number;
  current: Omit<ForecastHour, 'time'>;
  hourly: ForecastHour[];
  daily: ForecastDay[];
}

const value = z.union([z.number(), z.string(), z.null()]);
const series = z.array(value);
const units = z.record(z.string(), z.string());
const block = z.object({ time: z.array(z.union([z.number(), z.string()])) }).catchall(series);

const rawForecastSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string().optional(),
  utc_offset_seconds: z.number().optional(),
  current_units: units.optional(),
  current: z.record(z.string(), value).optional(),
  hourly_units: units.optional(),
  hourly: block,
  daily_units: units.optional(),
  daily: block.optional(),
});

/** Open-Meteo variable → our field, with the quantity its unit converts as. */
const SERIES = {
  temperature: ['temperature_2m', 'temperature'],
  apparentTemperature: ['apparent_temperature', 'temperature'],
  dewPoint: ['dew_point_2m', 'temperature'],
  humidity: ['relative_humidity_2m', 'none'],
  precipitationProbability: ['precipitation_probability', 'none'],
  weatherCode: ['weather_code', 'none'],
  cloudCover: ['cloud_cover', 'none'],
  visibility: ['visibility', 'length'],
  windGust: ['wind_gusts_10m', 'speed'],
  uvIndex: ['uv_index', 'none'],
  cape: ['cape', 'none'],
  isDay: ['is_day', 'none'],
  radiation: ['shortwave_radiation', 'none'],
} as const satisfies Record<string, readonly [string, Quantity]>;

/** What the product asks Open-Meteo for (the same names the normaliser reads). */
export const HOURLY_VARIABLES = [
  ...Object.values(SERIES).map(([name]) => name),
  ...WIND_HEIGHTS_M.flatMap((h) => [`wind_speed_${h}m`, `wind_direction_${h}m`]),
];
export const CURRENT_VARIABLES = [
  'temperature_2m',
  'apparent_temperature',
  'relative_humidity_2m',
  'dew_point_2m',
  'is_day',
  'weather_code',
  'cloud_cover',
  'visibility',
  'wind_speed_10m',
  'wind_direction_10m',
  'wind_gusts_10m',
  'uv_index',
];
export const DAILY_VARIABLES = ['sunrise', 'sunset', 'uv_index_max'];

type Reader = (name: string, quantity: Quantity) => (index: number) => number | null;

function reader(data: Record<string, unknown>, unitMap: Record<string, string> | undefined): Reader {
  return (name, quantity) => {
    const raw = data[name];
    if (!Array.isArray(raw)) return () => null;
    const convert = converter(quantity, unitMap?.[name]);
    if (!convert) throw malformed(FORECAST_PROVIDER, `unknown unit "${unitMap?.[name]}" for ${name}`);
    return (i) => {
      const v: unknown = raw[i];
      return typeof v === 'number' && Number.isFinite(v) ? convert(v) : null;
    };
  };
}

function readHours(hourly: z.infer<typeof block>, unitMap: Record<string, string> | undefined, offset: number): ForecastHour[] {
  const read = reader(hourly, unitMap);
  const get = Object.fromEntries(Object.entries(SERIES).map(([key, [name, q]]) => [key, read(name, q)])) as Record<keyof typeof SERIES, (i: number) => number | null>;
  const speed = Object.fromEntries(WIND_HEIGHTS_M.map((h) => [h, read(`wind_speed_${h}m`, 'speed')])) as Record<WindHeight, (i: number) => number | null>;
  const direction = Object.fromEntries(WIND_HEIGHTS_M.map((h) => [h, read(`wind_direction_${h}m`, 'none')])) as Record<WindHeight, (i: number) => number | null>;
  const hours: ForecastHour[] = [];
  hourly.time.forEach((t, i) => {
    const time = toEpoch(t, offset);
    if (time === null) return;
    const isDay = get.isDay(i);
    hours.push({
      time,
      temperature: get.temperature(i),
      apparentTemperature: get.apparentTemperature(i),
      dewPoint: get.dewPoint(i),
      humidity: get.humidity(i),
      precipitationProbability: get.precipitationProbability(i),
      weatherCode: get.weatherCode(i),
      cloudCover: get.cloudCover(i),
      visibility: get.visibility(i),
      windSpeed: { 10: speed[10](i), 80: speed[80](i), 120: speed[120](i), 180: speed[180](i) },
      windDirection: { 10: direction[10](i), 80: direction[80](i), 120: direction[120](i), 180: direction[180](i) },
      windGust: get.windGust(i),
      uvIndex: get.uvIndex(i),
      cape: get.cape(i),
      isDay: isDay === null ? null : isDay === 1,
      radiation: get.radiation(i),
    });
  });
  return hours.sort((a, b) => a.time - b.time);
}

function readDays(daily: z.infer<typeof block> | undefined, unitMap: Record<string, string> | undefined, offset: number): ForecastDay[] {
  if (!daily) return [];
  const uv = reader(daily, unitMap)('uv_index_max', 'none');
  const at = (name: string, i: number) => toEpoch((daily[name] as unknown[] | undefined)?.[i], offset);
  return daily.time.flatMap((t, i) => {
    const time = toEpoch(t, offset);
    return time === null ? [] : [{ time, sunrise: at('sunrise', i), sunset: at('sunset', i), uvIndexMax: uv(i) }];
  });
}

/** The hour containing `time` (the last hour starting at or before it), else the first. */
export function hourAt(hours: readonly ForecastHour[], time: number): ForecastHour | undefined {
  let found: ForecastHour | undefined;
  for (const h of hours) {
    if (h.time <= time) found = h;
    else break;
  }
  return found ?? hours[0];
}

/**
 * Reads an Open-Meteo /v1/forecast answer in either time format (unixtime or local ISO with
 * utc_offset_seconds) and any unit system into SI. Current conditions the answer lacks are taken from
 * the hour that contains the current time.
 */
export function normalizeForecast(body: unknown, wallClockS: number): ForecastData {
  const parsed = rawForecastSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw malformed(FORECAST_PROVIDER, issue ? `${issue.path.join('.')}: ${issue.message}` : 'unexpected shape');
  }
  const raw = parsed.data;
  const offset = raw.utc_offset_seconds ?? 0;
  const hourly = readHours(raw.hourly, raw.hourly_units, offset);
  if (hourly.length === 0) throw malformed(FORECAST_PROVIDER, 'no hourly forecast');
  const daily = readDays(raw.daily, raw.daily_units, offset);

  const currentRaw = raw.current ?? {};
  const currentTime = toEpoch(currentRaw.time, offset) ?? wallClockS;
  const base = hourAt(hourly, currentTime)!;
  const cur = reader(
    Object.fromEntries(Object.entries(currentRaw).map(([k, v]) => [k, [v]])),
    raw.current_units,
  );
  const pick = (name: string, q: Quantity, fallback: number | null) => cur(name, q)(0) ?? fallback;
  const isDayNow = pick('is_day', 'none', null);
  const wind10 = pick('wind_speed_10m', 'speed', base.windSpeed[10]);
  if (wind10 === null) throw malformed(FORECAST_PROVIDER, 'no 10 m wind speed');

  return {
    latitude: raw.latitude,
    longitude: raw.longitude,
    timezone: raw.timezone ?? null,
    utcOffsetSeconds: offset,
    currentTime,
    current: {
      ...base,
      temperature: pick('temperature_2m', 'temperature', base.temperature),
      apparentTemperature: pick('apparent_temperature', 'temperature', base.apparentTemperature),
      dewPoint: pick('dew_point_2m', 'temperature', base.dewPoint),
      humidity: pick('relative_humidity_2m', 'none', base.humidity),
      weatherCode: pick('weather_code', 'none', base.weatherCode),
      cloudCover: pick('cloud_cover', 'none', base.cloudCover),
      visibility: pick('visibility', 'length', base.visibility),
      windSpeed: { ...base.windSpeed, 10: wind10 },
      windDirection: { ...base.windDirection, 10: pick('wind_direction_10m', 'none', base.windDirection[10]) },
      windGust: pick('wind_gusts_10m', 'speed', base.windGust),
      uvIndex: pick('uv_index', 'none', base.uvIndex),
      isDay: isDayNow === null ? base.isDay : isDayNow === 1,
    },
    hourly,
    daily,
  };
}
