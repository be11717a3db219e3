import { describe, expect, it } from 'vitest';
import {
  cToF,
  formatAltitude,
  formatDistanceKm,
  formatSpeed,
  formatTemperature,
  formatVisibility,
  fromMs,
  fToC,
  kmhToMs,
  msToKmh,
  speedUnitFor,
  toMs,
} from './units.ts';

describe('speed conversions', () => {
  it('converts m/s to every unit and back', () => {
    expect(fromMs(10, 'kmh')).toBeCloseTo(36, 10);
    expect(fromMs(10, 'mph')).toBeCloseTo(22.3694, 4);
    expect(fromMs(10, 'knots')).toBeCloseTo(19.4384, 4);
    expect(fromMs(10, 'ms')).toBe(10);
    for (const unit of ['kmh', 'mph', 'knots', 'ms'] as const) expect(toMs(fromMs(7.3, unit), unit)).toBeCloseTo(7.3, 10);
    expect(msToKmh(kmhToMs(25))).toBeCloseTo(25, 10);
  });
  it('imperial defaults to mph, metric to km/h', () => {
    expect(speedUnitFor('imperial')).toBe('mph');
    expect(speedUnitFor('metric')).toBe('kmh');
  });
});

describe('temperature', () => {
  it('converts both ways', () => {
    expect(cToF(0)).toBe(32);
    expect(cToF(100)).toBe(212);
    expect(fToC(-40)).toBe(-40);
    expect(fToC(32.6)).toBeCloseTo(0.333, 3);
  });
  it('formats by measurement system', () => {
    expect(formatTemperature(20, 'metric')).toBe('20°C');
    expect(formatTemperature(20, 'imperial')).toBe('68°F');
    expect(formatTemperature(null, 'metric')).toBe('—');
  });
});

describe('formatSpeed', () => {
  it('rounds to whole units except m/s', () => {
    expect(formatSpeed(5, 'kmh')).toBe('18 km/h');
    expect(formatSpeed(5, 'mph')).toBe('11 mph');
    expect(formatSpeed(5.04, 'ms')).toBe('5 m/s');
    expect(formatSpeed(5.06, 'ms')).toBe('5.1 m/s');
    expect(formatSpeed(5, 'knots')).toBe('10 kn');
    expect(formatSpeed(null, 'kmh')).toBe('—');
  });
});

describe('formatVisibility: above 9999 m shows 10+ km', () => {
  it.each([
    [9999, 'metric', '10 km'],
    [10_000, 'metric', '10+ km'],
    [24_140, 'metric', '10+ km'],
    [2500, 'metric', '2.5 km'],
    [10_000, 'imperial', '6+ mi'],
    [1609.344, 'imperial', '1 mi'],
    [null, 'metric', '—'],
  ] as const)('%s m (%s) → %s', (m, system, out) => expect(formatVisibility(m, system)).toBe(out));
});

describe('distances and altitudes', () => {
  it('formats distance and altitude labels', () => {
    expect(formatDistanceKm(10, 'metric')).toBe('10 km');
    expect(formatDistanceKm(16.09344, 'imperial')).toBe('10 mi');
    expect(formatAltitude(0, 'imperial')).toBe('Surface');
    expect(formatAltitude(400, 'imperial')).toBe('400 ft');
    expect(formatAltitude(400, 'metric')).toBe('122 m');
  });
});
