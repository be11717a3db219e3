import { FEET_PER_METRE, WIND_ALTITUDES_FT, WIND_SHEAR_BANDS, type WindAltitudeFt } from './constants.ts';

/**
 * Compass sectors are 22.5° wide with north covering 348.75–11.25 (§9). The spec also says "centred on
 * 8 compass points", but 8 sectors of 22.5° cover only half the circle (the original rounded deg/22.5
 * modulo 8, which called 180° "N"). We keep the width and north's span and use the 16-point compass.
 */
export const COMPASS_16 = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'] as const;
export type CompassPoint = (typeof COMPASS_16)[number];

export function compassPoint(degrees: number): CompassPoint {
  const normalised = ((degrees % 360) + 360) % 360;
  // Sector i spans [i*22.5 - 11.25, i*22.5 + 11.25); 348.75 wraps to N.
  return COMPASS_16[Math.floor((normalised + 11.25) / 22.5) % 16]!;
}

export interface WindLevel {
  /** Height above ground, metres. */
  heightM: number;
  /** m/s */
  speed: number;
  /** Degrees the wind blows from; null when the model gives none at that height. */
  direction: number | null;
}

/** Roughness length for open terrain (m), used only when the model gives the 10 m wind alone. */
export const ROUGHNESS_LENGTH_M = 0.03;

export type ProfileMethod = 'model-levels' | 'log-law-10m';

const lerpAngle = (a: number, b: number, f: number) => {
  const delta = ((((b - a) % 360) + 540) % 360) - 180;
  return (((a + delta * f) % 360) + 360) % 360;
};

/**
 * Wind at a height by the logarithmic profile: between two model levels a < z ≤ b the speed moves
 * linearly in ln(z) (which is what u(z) ∝ ln(z/z0) gives between any two heights); above the top level
 * the slope of the two highest levels continues; with the 10 m wind alone, u(z) = u10·ln(z/z0)/ln(10/z0).
 * Direction turns along the shortest arc with the same weight.
 */
export function windAtHeight(levels: readonly WindLevel[], heightM: number): { speed: number; direction: number | null } {
  const sorted = [...levels].sort((x, y) => x.heightM - y.heightM);
  const lowest = sorted[0];
  if (!lowest) throw new Error('windAtHeight needs at least one level');
  if (heightM <= lowest.heightM) return { speed: lowest.speed, direction: lowest.direction };
  if (sorted.length === 1) {
    const factor = Math.log(heightM / ROUGHNESS_LENGTH_M) / Math.log(lowest.heightM / ROUGHNESS_LENGTH_M);
    return { speed: lowest.speed * factor, direction: lowest.direction };
  }
  let lower = sorted[sorted.length - 2]!;
  let upper = sorted[sorted.length - 1]!;
  for (let i = 1; i < sorted.length; i++) {
    if (heightM <= sorted[i]!.heightM) {
      lower = sorted[i - 1]!;
      upper = sorted[i]!;
      break;
    }
  }
  const f = Math.log(heightM / lower.heightM) / Math.log(upper.heightM / lower.heightM);
  const speed = Math.max(0, lower.speed + (upper.speed - lower.speed) * f);
  let direction: number | null;
  if (lower.direction === null || upper.direction === null) direction = lower.direction ?? upper.direction;
  else direction = lerpAngle(lower.direction, upper.direction, Math.min(1, f));
  return { speed, direction };
}

/** The gust at altitude scales with the wind: the 10 m gust factor is kept at every height. */
export function gustAtHeight(surfaceSpeed: number, surfaceGust: number | null, speedAtHeight: number): number | null {
  if (surfaceGust === null) return null;
  if (surfaceSpeed <= 0) return surfaceGust;
  return surfaceGust * (speedAtHeight / surfaceSpeed);
}

export type AltitudeKey = 'wind_surface' | `wind_${Exclude<WindAltitudeFt, 0>}ft`;
export const altitudeKey = (ft: WindAltitudeFt): AltitudeKey => (ft === 0 ? 'wind_surface' : `wind_${ft}ft`);

export interface AltitudeWind {
  /** m/s */
  speed: number;
  /** m/s; null when the model gives no gust */
  gust: number | null;
  direction: number | null;
}

/** The profile of §3's multiAltitudeWind: surface (the 10 m model wind) and 50…400 ft. */
export function multiAltitudeWind(levels: readonly WindLevel[], surfaceGust: number | null): Record<AltitudeKey, AltitudeWind> {
  const surface = windAtHeight(levels, 10);
  const out = {} as Record<AltitudeKey, AltitudeWind>;
  for (const ft of WIND_ALTITUDES_FT) {
    const at = ft === 0 ? surface : windAtHeight(levels, ft / FEET_PER_METRE);
    out[altitudeKey(ft)] = {
      speed: at.speed,
      gust: gustAtHeight(surface.speed, surfaceGust, at.speed),
      direction: at.direction,
    };
  }
  return out;
}

export const profileMethod = (levels: readonly WindLevel[]): ProfileMethod => (levels.length > 1 ? 'model-levels' : 'log-law-10m');

/**
 * The gust the Gusts and Wind cards show (§4): the altitude's gust if it exceeds that altitude's wind
 * speed, else the surface gust, else none (null, shown as 'None').
 */
export function shownGust(atAltitude: AltitudeWind, surfaceGust: number | null): number | null {
  if (atAltitude.gust !== null && atAltitude.gust > atAltitude.speed) return atAltitude.gust;
  if (surfaceGust !== null && surfaceGust > 0) return surfaceGust;
  return null;
}

export type ShearClass = 'low' | 'moderate' | 'high';

/** Wind shear between the surface and 400 ft: under 2.5 m/s low, under 5 moderate, else high. */
export function windShear(surfaceSpeed: number, speedAt400ft: number): { difference: number; level: ShearClass } {
  const difference = Math.abs(speedAt400ft - surfaceSpeed);
  const level: ShearClass = difference < WIND_SHEAR_BANDS.low ? 'low' : difference < WIND_SHEAR_BANDS.moderate ? 'moderate' : 'high';
  return { difference, level };
}
