import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { formatSpeed, formatTemperature, formatVisibility, type MeasurementSystem, type SpeedUnit } from '../../../../shared/weather/units.ts';

/**
 * The §9 score rules for the "How it's calculated" dialog, each with what it looked at now and the
 * points the server actually took (from droneConditions.penalties, never recomputed here).
 */
export const SCORE_FACTORS = ['wind', 'visibility', 'precipitation', 'temperature', 'kp', 'lightning'] as const;
export type ScoreFactor = (typeof SCORE_FACTORS)[number];

export interface ScoreRow {
  factor: ScoreFactor;
  title: string;
  /** The value the score looked at, in the pilot's units. */
  now: string;
  /** The §9 bands, in words. */
  rule: string;
  /** Points taken now (0 when none). */
  points: number;
}

const TITLES: Record<ScoreFactor, string> = {
  wind: 'Wind speed',
  visibility: 'Visibility',
  precipitation: 'Precipitation',
  temperature: 'Temperature',
  kp: 'Kp index',
  lightning: 'Lightning',
};

export function scoreRows(w: WeatherResponse, system: MeasurementSystem, speedUnit: SpeedUnit): ScoreRow[] {
  const c = w.current;
  const s = (ms: number) => formatSpeed(ms, speedUnit);
  const points = (f: ScoreFactor) => w.droneConditions.penalties.find((p) => p.factor === f)?.points ?? 0;
  const rules: Record<ScoreFactor, string> = {
    wind: `over 12 m/s (${s(12)}) −40; 8–12 m/s −30; 5–8 m/s (${s(5)}–${s(8)}) −15; up to 5 m/s none`,
    visibility: 'under 1 km −35; 1–3 km −20',
    precipitation: 'rain or thunderstorm −50; snow −30; mist, fog or haze −15',
    temperature: `under −10 °C (${formatTemperature(-10, system)}) −25; −10 to 0 °C −10; over 40 °C (${formatTemperature(40, system)}) −10`,
    kp: 'over 6 −100; 3–6 −20; 1–3 −10',
    lightning: 'lightning in the past 30 minutes −100',
  };
  const now: Record<ScoreFactor, string> = {
    wind: c.wind_speed === null ? 'not reported' : s(c.wind_speed),
    visibility: c.visibility === null ? 'not reported' : formatVisibility(c.visibility, system),
    precipitation: c.weather[0]?.description ?? 'not reported',
    temperature: formatTemperature(c.temp, system),
    kp: c.kp_index === null ? 'unavailable' : String(c.kp_index),
    lightning: w.lightningRecent ? 'reported nearby' : 'none reported',
  };
  return SCORE_FACTORS.map((factor) => ({ factor, title: TITLES[factor], now: now[factor], rule: rules[factor], points: points(factor) }));
}

export const RATING_BANDS = [
  ['Excellent', '90–100'],
  ['Good', '70–89'],
  ['Fair', '50–69'],
  ['Poor', '30–49'],
  ['Dangerous', '0–29'],
] as const;
