import { localClock } from './local-time.ts';

export const THERMAL_INTENSITIES = ['None', 'Low', 'Moderate', 'Strong'] as const;
export type ThermalIntensity = (typeof THERMAL_INTENSITIES)[number];

export interface ThermalHour {
  /** epoch seconds */
  time: number;
  isDay: boolean;
  /** J/kg; null when the model gives none */
  cape: number | null;
  /** Global horizontal (shortwave) radiation, W/m²; null when the model gives none */
  radiation: number | null;
  /** % */
  cloudCover: number | null;
}

/**
 * Thermal index of one hour, 0–4: sunshine heats the ground (radiation ≥ 600 W/m² 2 points, ≥ 300 1;
 * without a radiation figure, cloud under 30 % 2, under 70 % 1), an unstable air mass lets the bubbles
 * rise (CAPE ≥ 1000 J/kg 2, ≥ 300 1), and a near-overcast sky (≥ 80 %) takes a point away. Night is 0.
 */
export function thermalIndex(h: ThermalHour): number {
  if (!h.isDay) return 0;
  let sun = 0;
  if (h.radiation !== null) sun = h.radiation >= 600 ? 2 : h.radiation >= 300 ? 1 : 0;
  else if (h.cloudCover !== null) sun = h.cloudCover < 30 ? 2 : h.cloudCover < 70 ? 1 : 0;
  const cape = h.cape === null ? 0 : h.cape >= 1000 ? 2 : h.cape >= 300 ? 1 : 0;
  const overcast = h.cloudCover !== null && h.cloudCover >= 80 ? 1 : 0;
  return Math.max(0, Math.min(4, sun + cape - overcast));
}

const intensityOf = (index: number): ThermalIntensity => (index >= 3 ? 'Strong' : index === 2 ? 'Moderate' : index === 1 ? 'Low' : 'None');

/**
 * Thermal activity over the given hours (the next 24): the strongest hour's intensity and the first run
 * of hours at that strength as "13:00–16:00" local time (null when there is none). `basis` says what
 * the figure rests on, for Data Source Information.
 */
export function thermalActivity(
  hours: readonly ThermalHour[],
  utcOffsetS: number,
): { intensity: ThermalIntensity; peakHours: string | null; basis: 'cape-and-radiation' | 'cloud-only' | 'none' } {
  const usable = hours.filter((h) => h.radiation !== null || h.cloudCover !== null || h.cape !== null);
  const basis = hours.some((h) => h.cape !== null || h.radiation !== null) ? 'cape-and-radiation' : usable.length ? 'cloud-only' : 'none';
  if (usable.length === 0) return { intensity: 'None', peakHours: null, basis };
  const indices = hours.map(thermalIndex);
  const peak = Math.max(...indices);
  if (peak === 0) return { intensity: 'None', peakHours: null, basis };
  const start = indices.indexOf(peak);
  let end = start;
  while (end + 1 < indices.length && indices[end + 1] === peak) end++;
  const from = localClock(hours[start]!.time, utcOffsetS);
  const to = localClock(hours[end]!.time + 3600, utcOffsetS);
  return { intensity: intensityOf(peak), peakHours: `${from}–${to}`, basis };
}
