import { DEFAULT_KP, DEFAULT_SATELLITES, DEFAULT_VISIBILITY_M, DEW_POINT_SPREAD_C, REAL_SENSOR_MARKERS } from './constants.ts';

/** The word labels of §9. Each takes the value in SI and returns the card's wording. */

export type CloudLabel = 'Clear' | 'Partly cloudy' | 'Mostly cloudy' | 'Overcast';
/** Up to 25 % clear, up to 50 partly, up to 75 mostly, else overcast. */
export function cloudLabel(percent: number): CloudLabel {
  if (percent <= 25) return 'Clear';
  if (percent <= 50) return 'Partly cloudy';
  if (percent <= 75) return 'Mostly cloudy';
  return 'Overcast';
}

export type VisibilityLabel = 'Excellent' | 'Good' | 'Moderate' | 'Poor';
/** 10000 m or more excellent, 5000 good, 1000 moderate, else poor; unknown counts as 10000. */
export function visibilityLabel(metres: number | null = DEFAULT_VISIBILITY_M): VisibilityLabel {
  const m = metres ?? DEFAULT_VISIBILITY_M;
  if (m >= 10_000) return 'Excellent';
  if (m >= 5000) return 'Good';
  if (m >= 1000) return 'Moderate';
  return 'Poor';
}

export type SatelliteLabel = 'Excellent' | 'Good' | 'Fair' | 'Poor';
/** 8 or more excellent, 6 good, 4 fair, else poor; unknown counts as the defaults (22 visible, 18 locked). */
export function satelliteLabel(count: number | null, kind: 'visible' | 'locked' = 'visible'): SatelliteLabel {
  const n = count ?? DEFAULT_SATELLITES[kind];
  if (n >= 8) return 'Excellent';
  if (n >= 6) return 'Good';
  if (n >= 4) return 'Fair';
  return 'Poor';
}

export type KpLabel = 'Quiet' | 'Unsettled' | 'Storm' | 'Severe storm';
/** Up to 3 quiet, up to 4 unsettled, up to 6 storm, else severe; unknown counts as 2. */
export function kpLabel(kp: number | null = DEFAULT_KP): KpLabel {
  const k = kp ?? DEFAULT_KP;
  if (k <= 3) return 'Quiet';
  if (k <= 4) return 'Unsettled';
  if (k <= 6) return 'Storm';
  return 'Severe storm';
}

export type UvLabel = 'Low' | 'Moderate' | 'High' | 'Very high' | 'Extreme';
/** Up to 2 low, 5 moderate, 7 high, 10 very high, else extreme. */
export function uvLabel(uv: number): UvLabel {
  if (uv <= 2) return 'Low';
  if (uv <= 5) return 'Moderate';
  if (uv <= 7) return 'High';
  if (uv <= 10) return 'Very high';
  return 'Extreme';
}

/** 'High humidity' when temperature minus dew point is under 3 °C, else null. */
export function dewPointFlag(temperatureC: number, dewPointC: number): 'High humidity' | null {
  return temperatureC - dewPointC < DEW_POINT_SPREAD_C ? 'High humidity' : null;
}

export type AqiCategory =
  | 'Good'
  | 'Moderate'
  | 'Unhealthy for Sensitive Groups'
  | 'Unhealthy'
  | 'Very Unhealthy'
  | 'Hazardous';
/** The US EPA AQI categories (0-50 good … 301+ hazardous). */
export function aqiCategory(aqi: number): AqiCategory {
  if (aqi <= 50) return 'Good';
  if (aqi <= 100) return 'Moderate';
  if (aqi <= 150) return 'Unhealthy for Sensitive Groups';
  if (aqi <= 200) return 'Unhealthy';
  if (aqi <= 300) return 'Very Unhealthy';
  return 'Hazardous';
}

/** A data source counts as real sensor data if its text contains API, NOAA, EPA, N2YO, GPS or Direct (§9). */
export const isRealSensorSource = (text: string) => REAL_SENSOR_MARKERS.some((marker) => text.includes(marker));
