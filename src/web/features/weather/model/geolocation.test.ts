import { describe, expect, it } from 'vitest';
import { coordinatesText, GEOLOCATION_MESSAGES, GEOLOCATION_OPTIONS, geolocationErrorMessage, gpsDataOf, permissionOf } from './geolocation.ts';
import { gpsDataSchema } from '../../../../shared/weather/contract.ts';

describe('geolocation', () => {
  it('maps each browser error to the §8 message', () => {
    expect(geolocationErrorMessage(1)).toBe('Location access denied. Please enable location services and try again.');
    expect(geolocationErrorMessage(2)).toBe('Location information is unavailable.');
    expect(geolocationErrorMessage(3)).toBe('Location request timed out.');
    expect(geolocationErrorMessage(99)).toBe('Unable to get your location and GPS data.');
    expect(geolocationErrorMessage(null)).toBe('Unable to get your location and GPS data.');
    expect(GEOLOCATION_MESSAGES.unsupported).toBe('Geolocation is not supported by this browser.');
    expect(GEOLOCATION_MESSAGES.noSatellites).toBe('Unable to get GPS satellite data. Location services may be disabled or GPS unavailable.');
  });

  it('asks with the §9 options', () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 15_000, maximumAge: 5_000 });
  });

  it('writes coordinates to four decimals', () => {
    expect(coordinatesText({ lat: 28.538336, lon: -81.379234 })).toBe('28.5383, -81.3792');
  });

  it('sends the position as gpsData the server accepts', () => {
    const gps = gpsDataOf({ lat: 28.5, lon: -81.4, accuracy: 35 });
    expect(gpsDataSchema.parse(gps)).toEqual({ position: { lat: 28.5, lon: -81.4, accuracy: 35 } });
    expect(gpsDataSchema.safeParse(gpsDataOf({ lat: 1, lon: 2, accuracy: null })).success).toBe(true);
  });

  it("reads the browser's permission as the spec's three states", () => {
    expect(permissionOf('granted')).toBe('granted');
    expect(permissionOf('denied')).toBe('denied');
    expect(permissionOf('prompt')).toBe('unknown');
    expect(permissionOf(null)).toBe('unknown');
  });
});
