import { describe, expect, it } from 'vitest';
import type { Place } from '../../providers/geocoding/geocoding-client.ts';
import { bestPlace, coordinatesInRange, locationKey, parseCoordinates, placeLabel, splitPlaceQuery } from './location.ts';

describe('typed coordinates', () => {
  it.each([
    ['40.7128, -74.0060', { lat: 40.7128, lon: -74.006 }],
    ['40.7128,-74.0060', { lat: 40.7128, lon: -74.006 }],
    ['-37.75 144.875', { lat: -37.75, lon: 144.875 }],
    [' +28.5 , -81.3 ', { lat: 28.5, lon: -81.3 }],
  ])('%s → %j', (text, coords) => expect(parseCoordinates(text)).toEqual(coords));
  it.each(['New York', '40.7', '40.7, -74, 3', '1e5, 3', 'Route 66, CA'])('%s is not a coordinate pair', (text) =>
    expect(parseCoordinates(text)).toBeNull(),
  );
  it('checks the range', () => {
    expect(coordinatesInRange({ lat: 90, lon: -180 })).toBe(true);
    expect(coordinatesInRange({ lat: 91, lon: 0 })).toBe(false);
    expect(coordinatesInRange({ lat: 0, lon: 180.5 })).toBe(false);
  });
  it('keys nearby points together (2 decimals)', () => {
    expect(locationKey(40.71281, -74.00601)).toBe('40.71,-74.01');
    expect(locationKey(40.7149, -74.0149)).toBe('40.71,-74.01');
    expect(locationKey(40.7151, -74.006)).not.toBe(locationKey(40.7149, -74.006));
  });
});

const place = (name: string, state: string | null, country: string | null, countryCode: string | null): Place => ({
  name,
  lat: 0,
  lon: 0,
  state,
  country,
  countryCode,
  featureCode: 'PPL',
});

describe('choosing a geocoded place', () => {
  const places = [place('Springfield', 'Missouri', 'United States', 'US'), place('Springfield', 'Illinois', 'United States', 'US')];
  it('splits the name from its qualifiers', () =>
    expect(splitPlaceQuery('Springfield, Illinois, US')).toEqual({ name: 'Springfield', qualifiers: ['illinois', 'us'] }));
  it('prefers the result matching the qualifiers, else the first', () => {
    expect(bestPlace(places, ['illinois'])?.state).toBe('Illinois');
    expect(bestPlace(places, ['ill', 'us'])?.state).toBe('Illinois');
    expect(bestPlace(places, ['texas'])?.state).toBe('Missouri');
    expect(bestPlace(places, [])?.state).toBe('Missouri');
    expect(bestPlace([], [])).toBeUndefined();
  });
  it('labels without repeats', () => {
    expect(placeLabel(place('New York', 'New York', 'United States', 'US'))).toBe('New York, United States');
    expect(placeLabel(place('Enschede', null, 'The Netherlands', 'NL'))).toBe('Enschede, The Netherlands');
  });
});
