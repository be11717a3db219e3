import type { Place } from '../../providers/geocoding/geocoding-client.ts';

/** "lat, lon" (comma or space between; optional signs and decimals) → numbers, else null. */
export function parseCoordinates(text: string): { lat: number; lon: number } | null {
  const m = /^\s*([+-]?\d{1,3}(?:\.\d+)?)\s*(?:,|\s)\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  return { lat: Number(m[1]), lon: Number(m[2]) };
}

export const coordinatesInRange = (c: { lat: number; lon: number }) => Math.abs(c.lat) <= 90 && Math.abs(c.lon) <= 180;

/**
 * Weather is cached and fetched per location rounded to 2 decimals (about 1 km), finer than the
 * forecast models' grid, so nearby requests share one answer.
 */
export const roundCoordinate = (v: number) => Math.round(v * 100) / 100;
export const locationKey = (lat: number, lon: number) => `${roundCoordinate(lat).toFixed(2)},${roundCoordinate(lon).toFixed(2)}`;

/** "Springfield, Illinois" → search "Springfield", prefer the result whose region or country matches. */
export function splitPlaceQuery(text: string): { name: string; qualifiers: string[] } {
  const [name = '', ...rest] = text.split(',').map((s) => s.trim());
  return { name, qualifiers: rest.filter(Boolean).map((q) => q.toLowerCase()) };
}

export function bestPlace(places: readonly Place[], qualifiers: readonly string[]): Place | undefined {
  if (qualifiers.length === 0) return places[0];
  const matches = (p: Place) =>
    qualifiers.every((q) =>
      [p.state, p.country, p.countryCode].some((field) => field !== null && (field.toLowerCase() === q || field.toLowerCase().startsWith(q))),
    );
  return places.find(matches) ?? places[0];
}

export const placeLabel = (p: Place) => [p.name, p.state, p.country].filter((s, i, all) => s && all.indexOf(s) === i).join(', ');
