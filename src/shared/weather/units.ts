import { VISIBILITY_CAP_M } from './constants.ts';

/**
 * The weather object is in SI (°C, m/s, m, %, epoch seconds); the page converts for display with these
 * functions by the user's measurementSystem (§9: imperial gives °F, mph and miles; metric °C, km/h, km)
 * or by the Wind card's speed unit control (kmh, mph, ms, knots).
 */
export type MeasurementSystem = 'imperial' | 'metric';
export const SPEED_UNITS = ['kmh', 'mph', 'ms', 'knots'] as const;
export type SpeedUnit = (typeof SPEED_UNITS)[number];

const MS_PER = { kmh: 1 / 3.6, mph: 0.44704, ms: 1, knots: 1852 / 3600 } as const satisfies Record<SpeedUnit, number>;
const SPEED_LABEL: Record<SpeedUnit, string> = { kmh: 'km/h', mph: 'mph', ms: 'm/s', knots: 'kn' };
export const METRES_PER_MILE = 1609.344;

export const toMs = (value: number, unit: SpeedUnit) => value * MS_PER[unit];
export const fromMs = (ms: number, unit: SpeedUnit) => ms / MS_PER[unit];
export const msToKmh = (ms: number) => ms * 3.6;
export const kmhToMs = (kmh: number) => kmh / 3.6;
export const cToF = (c: number) => (c * 9) / 5 + 32;
export const fToC = (f: number) => ((f - 32) * 5) / 9;
export const speedUnitLabel = (unit: SpeedUnit) => SPEED_LABEL[unit];

/** The default speed unit of a measurement system. */
export const speedUnitFor = (system: MeasurementSystem): SpeedUnit => (system === 'imperial' ? 'mph' : 'kmh');

const round = (n: number, digits = 0) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function formatTemperature(c: number | null, system: MeasurementSystem): string {
  if (c === null) return '—';
  return system === 'imperial' ? `${round(cToF(c))}°F` : `${round(c)}°C`;
}

export function formatSpeed(ms: number | null, unit: SpeedUnit): string {
  if (ms === null) return '—';
  const v = fromMs(ms, unit);
  return `${unit === 'ms' ? round(v, 1) : round(v)} ${SPEED_LABEL[unit]}`;
}

/** Visibility above 9999 m shows '10+ km' (metric) or '6+ mi' (imperial: 10 km is 6.2 miles). */
export function formatVisibility(m: number | null, system: MeasurementSystem): string {
  if (m === null) return '—';
  if (system === 'metric') return m > VISIBILITY_CAP_M ? '10+ km' : `${round(m / 1000, 1)} km`;
  return m > VISIBILITY_CAP_M ? '6+ mi' : `${round(m / METRES_PER_MILE, 1)} mi`;
}

export function formatDistanceKm(km: number, system: MeasurementSystem): string {
  return system === 'imperial' ? `${round((km * 1000) / METRES_PER_MILE)} mi` : `${round(km)} km`;
}

/** Altitude labels of the wind profile: "Surface", "50 ft" … "400 ft" (or metres for metric users). */
export function formatAltitude(ft: number, system: MeasurementSystem): string {
  if (ft === 0) return 'Surface';
  return system === 'imperial' ? `${ft} ft` : `${round(ft / 3.28084)} m`;
}
