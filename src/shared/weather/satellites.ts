import { CONSTELLATION_SPLIT, DEFAULT_SATELLITES, LOCKED_SATELLITE_RATIO, SATELLITE_ESTIMATES } from './constants.ts';

export interface ConstellationCounts {
  gps: number;
  glonass: number;
  galileo: number;
  beidou: number;
}

export interface SatelliteEstimate {
  visible: number;
  locked: number;
  constellations: ConstellationCounts;
  /** The §9 range the estimate came from; null when no accuracy was known. */
  range: { min: number; max: number } | null;
}

/**
 * The §9 estimate when the device reports no satellites: the accuracy band's range (up to 3 m 16-19,
 * up to 5 m 14-16, up to 15 m 12-14, up to 50 m 10-12, else 9-10), of which we take the rounded middle
 * so the same position always gives the same figure; locked is 85 % of visible. With no position at
 * all (a desktop without GPS) the §9 defaults apply: 22 visible, 18 locked.
 */
export function estimateSatellites(accuracyM: number | null): SatelliteEstimate {
  if (accuracyM === null || !Number.isFinite(accuracyM) || accuracyM < 0) {
    return { ...DEFAULT_SATELLITES, constellations: splitConstellations(DEFAULT_SATELLITES.visible), range: null };
  }
  const band = SATELLITE_ESTIMATES.find((b) => accuracyM <= b.maxAccuracyM)!;
  const visible = Math.round((band.min + band.max) / 2);
  return {
    visible,
    locked: Math.round(visible * LOCKED_SATELLITE_RATIO),
    constellations: splitConstellations(visible),
    range: { min: band.min, max: band.max },
  };
}

/** 40 % GPS, 30 % GLONASS, 20 % Galileo, 10 % BeiDou; rounding leftovers go to GPS so the parts add up. */
export function splitConstellations(total: number): ConstellationCounts {
  const glonass = Math.round(total * CONSTELLATION_SPLIT.glonass);
  const galileo = Math.round(total * CONSTELLATION_SPLIT.galileo);
  const beidou = Math.round(total * CONSTELLATION_SPLIT.beidou);
  return { gps: Math.max(0, total - glonass - galileo - beidou), glonass, galileo, beidou };
}
