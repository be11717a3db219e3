import { describe, expect, it } from 'vitest';
import { aiFlightAnalysisRequestSchema, thresholdOverridesSchema, weatherQuerySchema } from './contract.ts';

describe('weather query', () => {
  it('accepts a location with gpsData and thresholds as JSON strings', () => {
    const gps = { position: { lat: 40.7, lon: -74, accuracy: 4 }, satelliteData: { visibleSatellites: 20, lockedSatellites: 17, source: 'device' } };
    const parsed = weatherQuerySchema.parse({ location: ' New York ', gpsData: JSON.stringify(gps), thresholds: '{"wind":15}' });
    expect(parsed.location).toBe('New York');
    expect(parsed.gpsData?.satelliteData?.visibleSatellites).toBe(20);
    expect(parsed.thresholds).toEqual({ wind: 15 });
  });
  it.each([
    [{}, 'location is required'],
    [{ location: '' }, 'is required'],
    [{ location: 'x'.repeat(201) }, 'is too long'],
    [{ location: 'Paris', gpsData: '{not json' }, 'must be valid JSON'],
    [{ location: 'Paris', gpsData: '{"position":{"lat":91,"lon":0}}' }, 'Too big'],
    [{ location: 'Paris', gpsData: 'x'.repeat(4001) }, 'is too long (at most 4000 characters)'],
    [{ location: 'Paris', thresholds: '{"wind":-1}' }, 'Too small'],
    [{ location: 'Paris', thresholds: '{"windy":3}' }, 'Unrecognized key'],
  ])('%j is refused', (query, message) => {
    const r = weatherQuerySchema.safeParse(query);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(' ')).toContain(message);
  });
  it('refuses more locked than visible satellites', () => {
    const gps = { position: { lat: 1, lon: 1 }, satelliteData: { visibleSatellites: 5, lockedSatellites: 6, source: 'device' } };
    expect(weatherQuerySchema.safeParse({ location: 'x', gpsData: JSON.stringify(gps) }).success).toBe(false);
  });
  it('refuses a temperature range upside down', () => {
    expect(thresholdOverridesSchema.safeParse({ temperature: { min: 10, max: 0 } }).success).toBe(false);
  });
});

describe('AI analysis body', () => {
  it('accepts the spec body and fills the units', () => {
    const body = aiFlightAnalysisRequestSchema.parse({
      weatherData: { wind: { speed: 5 }, temperature: { current: 12 }, visibility: { distance: 10000 } },
      pilotExperience: 'Intermediate',
      droneSpecs: { model: 'Mini 4 Pro', maxWindResistance: 10.7 },
    });
    expect(body.weatherData.wind.unit).toBe('m/s');
    expect(body.weatherData.temperature.unit).toBe('C');
  });
  it('refuses other units and oversize spec objects', () => {
    expect(aiFlightAnalysisRequestSchema.safeParse({ weatherData: { wind: { speed: 5, unit: 'mph' }, temperature: { current: 1 }, visibility: {} } }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect(
      aiFlightAnalysisRequestSchema.safeParse({ weatherData: { wind: { speed: 5 }, temperature: { current: 1 }, visibility: {} }, droneSpecs: many }).success,
    ).toBe(false);
  });
});
