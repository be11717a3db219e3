import { describe, expect, it } from 'vitest';
import { thermalActivity, thermalIndex, type ThermalHour } from './thermal.ts';

const hour = (over: Partial<ThermalHour>): ThermalHour => ({ time: 0, isDay: true, cape: 0, radiation: 0, cloudCover: 0, ...over });

describe('thermal index', () => {
  it('is 0 at night whatever the sky', () => expect(thermalIndex(hour({ isDay: false, cape: 3000, radiation: 900 }))).toBe(0));
  it.each([
    [{ radiation: 299 }, 0],
    [{ radiation: 300 }, 1],
    [{ radiation: 600 }, 2],
    [{ radiation: 600, cape: 300 }, 3],
    [{ radiation: 800, cape: 1000 }, 4],
    [{ radiation: 800, cape: 1000, cloudCover: 80 }, 3],
    [{ radiation: null, cape: null, cloudCover: 29 }, 2],
    [{ radiation: null, cape: null, cloudCover: 30 }, 1],
    [{ radiation: null, cape: null, cloudCover: 79 }, 0],
  ])('%j → %s', (over, index) => expect(thermalIndex(hour(over))).toBe(index));
});

describe('thermal activity over the day', () => {
  it('reports the strongest intensity and its first run of hours in local time', () => {
    const base = Date.UTC(2024, 0, 16, 0) / 1000;
    const hours = [0, 1, 2, 3, 4, 5].map((i) =>
      hour({ time: base + i * 3600, radiation: i === 2 || i === 3 ? 700 : 350, cape: i === 2 || i === 3 ? 400 : 0 }),
    );
    // UTC+11: 00:00 UTC is 11:00 local.
    expect(thermalActivity(hours, 11 * 3600)).toEqual({ intensity: 'Strong', peakHours: '13:00–15:00', basis: 'cape-and-radiation' });
  });
  it('is None without sun or instability, and says when nothing was known', () => {
    expect(thermalActivity([hour({ isDay: false })], 0)).toMatchObject({ intensity: 'None', peakHours: null });
    expect(thermalActivity([hour({ cape: null, radiation: null, cloudCover: null })], 0)).toEqual({ intensity: 'None', peakHours: null, basis: 'none' });
    expect(thermalActivity([hour({ cape: null, radiation: null, cloudCover: 10 })], 0)).toMatchObject({ intensity: 'Moderate', basis: 'cloud-only' });
  });
});
