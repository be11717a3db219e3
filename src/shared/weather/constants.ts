/**
 * The weather constants of spec doc 3 §9, in one place for the server, the page and the tests.
 * Every value here is the spec's; where the spec leaves a unit open, the comment says which we chose.
 */

/** Weather cache (server per rounded location, client query freshness): 5 minutes. */
export const WEATHER_CACHE_MS = 5 * 60 * 1000;
/** Location search: at least 3 characters, debounced 300 ms on the client. */
export const LOCATION_SEARCH_MIN_CHARS = 3;
export const LOCATION_SEARCH_DEBOUNCE_MS = 300;
/** Browser geolocation on the forecast page (spec §9 overrides §7's 10 s / 300 s for this page). */
export const GEOLOCATION_TIMEOUT_MS = 15_000;
export const GEOLOCATION_MAX_AGE_MS = 5_000;
/** A position less accurate than this raises a warning. */
export const GEOLOCATION_ACCURACY_WARNING_M = 100;
/** The forecast page's default location. */
export const DEFAULT_LOCATION = 'New York';

/** Altitudes of the wind profile: 0 (surface) to 400 ft in 50 ft steps. */
export const WIND_ALTITUDES_FT = [0, 50, 100, 150, 200, 250, 300, 350, 400] as const;
export type WindAltitudeFt = (typeof WIND_ALTITUDES_FT)[number];
export const FEET_PER_METRE = 3.28084;

/** Hours in the fly/caution/no-fly timeline. */
export const TIMELINE_HOURS = 48;

/**
 * Alert thresholds a pilot may change (§9 "Default alert thresholds"). Units: wind and gusts in km/h
 * (the only unit in which the spec's 25/35 and its card bands of 20/35 are sensible for small drones),
 * visibility in metres, precipitation probability and cloud cover in percent, temperature in °C.
 */
export const DEFAULT_THRESHOLDS = {
  wind: 25,
  visibility: 5000,
  precipitation: 20,
  cloudCover: 70,
  temperature: { min: -10, max: 40 },
  gusts: 35,
} as const;

/** Card colour bands (§9 "Card colours"); wind and gusts in km/h, like the thresholds. */
export const CARD_BANDS = {
  windKmh: { green: 20, yellow: 35 },
  temperatureC: { greenMin: 5, greenMax: 35 },
  visibilityM: { green: 8000, yellow: 3000 },
  satellites: { green: 8, yellow: 5 },
  kp: { green: 3, yellow: 5 },
  cloudPct: { green: 50, yellow: 80 },
  precipitationPct: { green: 10, yellow: 50 },
  gustKmh: { yellow: 30 },
} as const;

/** Estimated satellites by position accuracy when the device gives none (§9). */
export const SATELLITE_ESTIMATES: readonly { maxAccuracyM: number; min: number; max: number }[] = [
  { maxAccuracyM: 3, min: 16, max: 19 },
  { maxAccuracyM: 5, min: 14, max: 16 },
  { maxAccuracyM: 15, min: 12, max: 14 },
  { maxAccuracyM: 50, min: 10, max: 12 },
  { maxAccuracyM: Number.POSITIVE_INFINITY, min: 9, max: 10 },
];
export const LOCKED_SATELLITE_RATIO = 0.85;
export const CONSTELLATION_SPLIT = { gps: 0.4, glonass: 0.3, galileo: 0.2, beidou: 0.1 } as const;
/** Defaults when nothing at all is known about the receiver (§9 "defaults 22 visible, 18 locked"). */
export const DEFAULT_SATELLITES = { visible: 22, locked: 18 } as const;

export const DEFAULT_VISIBILITY_M = 10_000;
export const DEFAULT_KP = 2;
/** Visibility above this shows as '10+ km'. */
export const VISIBILITY_CAP_M = 9999;

/** Dew point spread under this (°C) flags 'High humidity'. */
export const DEW_POINT_SPREAD_C = 3;

/** Wind shear between the surface and 400 ft (m/s). */
export const WIND_SHEAR_BANDS = { low: 2.5, moderate: 5 } as const;

/** Substrings that make a data source count as real sensor data (§9). */
export const REAL_SENSOR_MARKERS = ['API', 'NOAA', 'EPA', 'N2YO', 'GPS', 'Direct'] as const;

/** How far the nearest METAR/TAF station may be before we say there is none nearby (km). */
export const STATION_MAX_DISTANCE_KM = 150;
/** A thunderstorm report this recent counts as "lightning in the past 30 min" (§9). */
export const LIGHTNING_WINDOW_MS = 30 * 60 * 1000;
/**
 * A METAR speaks for the location (its thunderstorm, mist, haze…) only from a station this close:
 * thunder carries about 10 miles, and a storm over a station 40 km away can reach the site within the hour.
 */
export const LIGHTNING_RADIUS_KM = 40;
/** …and only while the report is this fresh (METARs are hourly). */
export const METAR_PRESENT_MAX_AGE_S = 90 * 60;

/**
 * An outage reads as an outage, never as the pilot's mistake (issue 16): a provider that does not
 * answer is named as such, and nothing suggests changing what was typed.
 */
export const WEATHER_OUTAGE = 'The weather service is not answering; try again in a minute.';
export const PLACE_SEARCH_OUTAGE = 'The place search is not answering; try again in a minute, or enter coordinates such as 40.71, -74.01.';
