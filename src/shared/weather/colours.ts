import { CARD_BANDS, DEFAULT_THRESHOLDS } from './constants.ts';
import { msToKmh } from './units.ts';

export type CardColour = 'green' | 'yellow' | 'red';

export interface FlightThresholds {
  /** km/h */
  wind: number;
  /** m */
  visibility: number;
  /** % */
  precipitation: number;
  /** % */
  cloudCover: number;
  /** °C */
  temperature: { min: number; max: number };
  /** km/h */
  gusts: number;
}

export type ThresholdOverrides = Partial<Omit<FlightThresholds, 'temperature'>> & { temperature?: Partial<FlightThresholds['temperature']> };

/** The pilot's thresholds over the defaults of §9. */
export function withDefaults(overrides: ThresholdOverrides | undefined): FlightThresholds {
  return {
    wind: overrides?.wind ?? DEFAULT_THRESHOLDS.wind,
    visibility: overrides?.visibility ?? DEFAULT_THRESHOLDS.visibility,
    precipitation: overrides?.precipitation ?? DEFAULT_THRESHOLDS.precipitation,
    cloudCover: overrides?.cloudCover ?? DEFAULT_THRESHOLDS.cloudCover,
    temperature: {
      min: overrides?.temperature?.min ?? DEFAULT_THRESHOLDS.temperature.min,
      max: overrides?.temperature?.max ?? DEFAULT_THRESHOLDS.temperature.max,
    },
    gusts: overrides?.gusts ?? DEFAULT_THRESHOLDS.gusts,
  };
}

export type CardMetric = 'wind' | 'gusts' | 'temperature' | 'visibility' | 'satellites' | 'kp' | 'clouds' | 'precipitation';

/**
 * A card's colour by the fixed bands of §9 ("Card colours"). Values in SI: wind and gusts in m/s
 * (compared in km/h), temperature °C, visibility m, the rest as counts or percent. Temperature is
 * green in 5-35 °C; outside the pilot-independent score bands (below -10 or above 40) it is red,
 * in between yellow. Gusts: none (0 or null) green, under 30 km/h yellow, else red.
 */
export function cardColour(metric: CardMetric, value: number | null): CardColour {
  if (value === null) return metric === 'gusts' ? 'green' : 'yellow';
  switch (metric) {
    case 'wind': {
      const kmh = msToKmh(value);
      return kmh < CARD_BANDS.windKmh.green ? 'green' : kmh < CARD_BANDS.windKmh.yellow ? 'yellow' : 'red';
    }
    case 'gusts': {
      const kmh = msToKmh(value);
      return kmh === 0 ? 'green' : kmh < CARD_BANDS.gustKmh.yellow ? 'yellow' : 'red';
    }
    case 'temperature':
      if (value >= CARD_BANDS.temperatureC.greenMin && value <= CARD_BANDS.temperatureC.greenMax) return 'green';
      return value < DEFAULT_THRESHOLDS.temperature.min || value > DEFAULT_THRESHOLDS.temperature.max ? 'red' : 'yellow';
    case 'visibility':
      return value >= CARD_BANDS.visibilityM.green ? 'green' : value >= CARD_BANDS.visibilityM.yellow ? 'yellow' : 'red';
    case 'satellites':
      return value >= CARD_BANDS.satellites.green ? 'green' : value >= CARD_BANDS.satellites.yellow ? 'yellow' : 'red';
    case 'kp':
      return value <= CARD_BANDS.kp.green ? 'green' : value <= CARD_BANDS.kp.yellow ? 'yellow' : 'red';
    case 'clouds':
      return value < CARD_BANDS.cloudPct.green ? 'green' : value < CARD_BANDS.cloudPct.yellow ? 'yellow' : 'red';
    case 'precipitation':
      return value < CARD_BANDS.precipitationPct.green ? 'green' : value < CARD_BANDS.precipitationPct.yellow ? 'yellow' : 'red';
  }
}

export type ThresholdMetric = 'wind' | 'gusts' | 'temperature' | 'visibility' | 'clouds' | 'precipitation';

/**
 * Whether a value passes the pilot's alert threshold (§9 "Default alert thresholds", adjustable per
 * pilot). Wind and gusts arrive in m/s and are compared in km/h. Exactly at the threshold is not past it.
 */
export function breachesThreshold(metric: ThresholdMetric, value: number | null, t: FlightThresholds): boolean {
  if (value === null) return false;
  switch (metric) {
    case 'wind':
      return msToKmh(value) > t.wind;
    case 'gusts':
      return msToKmh(value) > t.gusts;
    case 'temperature':
      return value < t.temperature.min || value > t.temperature.max;
    case 'visibility':
      return value < t.visibility;
    case 'clouds':
      return value > t.cloudCover;
    case 'precipitation':
      return value > t.precipitation;
  }
}

/**
 * What a card shows: the band colour of §9, and an alert when the pilot's own threshold is passed —
 * the pilot's thresholds customise the colouring by turning an alerted card red even when the fixed
 * band would leave it green or yellow.
 */
export function cardStatus(metric: CardMetric, value: number | null, t: FlightThresholds): { colour: CardColour; alert: boolean } {
  const alert = isThresholdMetric(metric) && breachesThreshold(metric, value, t);
  return { colour: alert ? 'red' : cardColour(metric, value), alert };
}

const isThresholdMetric = (m: CardMetric): m is ThresholdMetric => m !== 'satellites' && m !== 'kp';
