import { GEOLOCATION_MAX_AGE_MS, GEOLOCATION_TIMEOUT_MS } from '../../../../shared/weather/constants.ts';
import type { GpsData } from '../../../../shared/weather/contract.ts';

/** The location messages of doc 3 §8, word for word. */
export const GEOLOCATION_MESSAGES = {
  unsupported: 'Geolocation is not supported by this browser.',
  noSatellites: 'Unable to get GPS satellite data. Location services may be disabled or GPS unavailable.',
  denied: 'Location access denied. Please enable location services and try again.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  other: 'Unable to get your location and GPS data.',
} as const;

/** §9 (which overrides §7's 10 s / 300 s for this page): high accuracy, 15 s, positions up to 5 s old. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: GEOLOCATION_TIMEOUT_MS,
  maximumAge: GEOLOCATION_MAX_AGE_MS,
};

/** GeolocationPositionError codes: 1 denied, 2 unavailable, 3 timeout. */
export function geolocationErrorMessage(code: number | null): string {
  switch (code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.other;
  }
}

export interface DevicePosition {
  lat: number;
  lon: number;
  /** metres; null when the browser gives none */
  accuracy: number | null;
}

/** "40.7128, -74.0060": what replaces the search text and is sent as the location. */
export const coordinatesText = (p: Pick<DevicePosition, 'lat' | 'lon'>) => `${p.lat.toFixed(4)}, ${p.lon.toFixed(4)}`;

/**
 * The gpsData query parameter (§7). A browser reports a position and its accuracy but never satellites,
 * so we send the position alone and the server makes §9's estimate from the accuracy; device satellite
 * data would go in `satelliteData` if a device ever gave it.
 */
export function gpsDataOf(p: DevicePosition): GpsData {
  return { position: { lat: p.lat, lon: p.lon, accuracy: p.accuracy } };
}

export const PERMISSION_STATES = ['unknown', 'granted', 'denied'] as const;
export type LocationPermission = (typeof PERMISSION_STATES)[number];

/** The Permissions API's 'prompt' is the spec's 'unknown'. */
export const permissionOf = (state: PermissionState | null): LocationPermission =>
  state === 'granted' ? 'granted' : state === 'denied' ? 'denied' : 'unknown';
