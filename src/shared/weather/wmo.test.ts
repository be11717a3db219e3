import { describe, expect, it } from 'vitest';
import { describeWeatherCode, presentWeatherOf } from './wmo.ts';

describe('WMO weather codes', () => {
  it('maps codes to main, description and icon', () => {
    expect(describeWeatherCode(0)).toEqual({ main: 'Clear', description: 'Clear sky', icon: 'clear-day' });
    expect(describeWeatherCode(0, false).icon).toBe('clear-night');
    expect(describeWeatherCode(2, false).icon).toBe('partly-cloudy-night');
    expect(describeWeatherCode(63).main).toBe('Rain');
    expect(describeWeatherCode(95).main).toBe('Thunderstorm');
    expect(describeWeatherCode(42)).toEqual({ main: 'Unknown', description: 'Unknown conditions', icon: 'unknown' });
    expect(describeWeatherCode(null).main).toBe('Unknown');
  });
  it('gives the present-weather classes the score uses', () => {
    expect(presentWeatherOf(0)).toEqual([]);
    expect(presentWeatherOf(45)).toEqual(['fog']);
    expect(presentWeatherOf(53)).toEqual(['drizzle']);
    expect(presentWeatherOf(81)).toEqual(['rain']);
    expect(presentWeatherOf(86)).toEqual(['snow']);
    expect(presentWeatherOf(99)).toEqual(['thunderstorm']);
    expect(presentWeatherOf(null)).toEqual([]);
  });
});
