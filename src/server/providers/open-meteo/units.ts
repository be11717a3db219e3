import { fToC } from '../../../shared/weather/units.ts';

/**
 * Open-Meteo states the unit of every series in `*_units`; we convert to SI by what it says rather than
 * by what we asked for, so a response in °F and mp/h (as recorded from other clients) reads correctly.
 * An unknown unit is an error: a wrong number on a flight-safety page is worse than none.
 */
export type Quantity = 'speed' | 'temperature' | 'length' | 'none';

const SPEED: Record<string, number> = { 'm/s': 1, 'km/h': 1 / 3.6, 'mp/h': 0.44704, mph: 0.44704, kn: 1852 / 3600, knots: 1852 / 3600 };
const LENGTH: Record<string, number> = { m: 1, km: 1000, ft: 0.3048, feet: 0.3048, mi: 1609.344 };

export function converter(quantity: Quantity, unit: string | undefined): ((v: number) => number) | null {
  if (quantity === 'none' || unit === undefined) return (v) => v;
  if (quantity === 'speed') {
    const f = SPEED[unit];
    return f === undefined ? null : (v) => v * f;
  }
  if (quantity === 'temperature') {
    if (unit === '°C') return (v) => v;
    if (unit === '°F') return fToC;
    return null;
  }
  const f = LENGTH[unit];
  return f === undefined ? null : (v) => v * f;
}

/** "2026-03-05T21:00" or "2026-03-05" in the location's local time → epoch seconds. */
export function localIsoToEpoch(value: string, utcOffsetS: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000 - utcOffsetS;
}

/** A time value as Open-Meteo gives it (unixtime number or local ISO string) → epoch seconds. */
export function toEpoch(value: unknown, utcOffsetS: number): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') return localIsoToEpoch(value, utcOffsetS);
  return null;
}
